import { settingErrors } from '@locus/contracts';
import type { CompanySettingsEvent, SeededVariable } from '@locus/contracts';
import { fail, failWith, failOn } from '@locus/platform/ports';
import type { Decider } from '../kit/decider';
import type { ValueChange } from './variable-values';

/**
 * Aggregate `companysettings-<companyId>`: the company's variables and its values of the
 * administrator variables. Values arrive prepared (normalised, sealed when encrypted): the
 * decider never encrypts, so it stays pure.
 */
export interface CompanyVariableState {
  variableId: string;
  variableName: string;
  title: string;
  description: string | null;
  entityType: string | null;
  isBooleanType: boolean;
  isEncrypted: boolean;
  isSystemGenerated: boolean;
  value: string | null;
}

export interface CompanySettingsState {
  seeded: boolean;
  variables: Record<string, CompanyVariableState>;
  adminValues: Record<string, string | null>;
}

export interface VariableDefinitionInput {
  variableName: string;
  title: string;
  description: string | null;
  entityType: string | null;
  isBooleanType: boolean;
  isEncrypted: boolean;
}

export type CompanySettingsCommand =
  | { type: 'SeedCompanyVariables'; companyId: string; variables: SeededVariable[] }
  | {
      type: 'SaveCompanyVariable';
      companyId: string;
      /** Seeds the system variables first when the company has none yet. */
      seed: SeededVariable[];
      variableId: string;
      mode: 'create' | 'update';
      definition: VariableDefinitionInput;
      value: ValueChange;
      /** An administrator (viewing the company) may see and manage entity-typed variables. */
      actorIsAdministrator: boolean;
    }
  | {
      type: 'SetCompanyVariableValue';
      companyId: string;
      variableId: string;
      value: string | null;
      actorIsAdministrator: boolean;
      restoredFrom?: { position: number; at: string };
    }
  | { type: 'DeleteCompanyVariable'; companyId: string; variableId: string; actorIsAdministrator: boolean }
  | {
      type: 'SetCompanyAdminVariableValue';
      companyId: string;
      adminVariableId: string;
      /** The administrator variable as read from its stream; null when it does not exist. */
      adminVariable: { isBooleanType: boolean } | null;
      value: string | null;
    };

/** The settings deciders' errors, made from the catalogue (the rename and type rules name their field). */
export const settingsErrors = {
  variableNotFound: () => fail(settingErrors.variableNotFound),
  nameTaken: (name: string) => failWith(settingErrors.nameTaken, name),
  systemRename: () => failOn(settingErrors.systemRename, 'VariableName'),
  systemType: () => failOn(settingErrors.systemType, 'IsBooleanType'),
  systemDelete: () => fail(settingErrors.systemDelete),
  entityTypeAdminOnly: () => fail(settingErrors.entityTypeAdminOnly),
};

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function requireVisible(state: CompanySettingsState, variableId: string, actorIsAdministrator: boolean): CompanyVariableState {
  const v = state.variables[variableId];
  // Entity-typed variables are invisible to non-administrators: same answer as a missing one.
  if (!v || (v.entityType !== null && !actorIsAdministrator)) throw settingsErrors.variableNotFound();
  return v;
}

function seedEvents(state: CompanySettingsState, companyId: string, variables: SeededVariable[]): CompanySettingsEvent[] {
  return state.seeded || variables.length === 0 ? [] : [{ type: 'CompanyVariablesSeeded', data: { companyId, variables } }];
}

export function decideCompanySettings(command: CompanySettingsCommand, state: CompanySettingsState): CompanySettingsEvent[] {
  switch (command.type) {
    case 'SeedCompanyVariables':
      return seedEvents(state, command.companyId, command.variables);

    case 'SaveCompanyVariable': {
      const { companyId, variableId, definition: d } = command;
      const seeded = seedEvents(state, companyId, command.seed);
      const current = seeded.length ? evolveAll(state, seeded) : state;
      if (d.entityType !== null && !command.actorIsAdministrator) throw settingsErrors.entityTypeAdminOnly();
      const clash = Object.values(current.variables).find((v) => v.variableId !== variableId && sameName(v.variableName, d.variableName));
      if (clash) throw settingsErrors.nameTaken(d.variableName);

      if (command.mode === 'create') {
        if (current.variables[variableId]) throw fail(settingErrors.variableExists);
        const value = command.value.kind === 'set' ? command.value.value : d.isBooleanType ? '0' : null;
        return [...seeded, { type: 'CompanyVariableCreated', data: { companyId, variableId, ...d, value } }];
      }

      const existing = requireVisible(current, variableId, command.actorIsAdministrator);
      if (existing.isSystemGenerated && existing.variableName !== d.variableName) throw settingsErrors.systemRename();
      if (existing.isSystemGenerated && existing.isBooleanType !== d.isBooleanType) throw settingsErrors.systemType();
      const events: CompanySettingsEvent[] = [...seeded];
      const definitionChanged =
        existing.variableName !== d.variableName ||
        existing.title !== d.title ||
        existing.description !== d.description ||
        existing.entityType !== d.entityType ||
        existing.isBooleanType !== d.isBooleanType ||
        existing.isEncrypted !== d.isEncrypted;
      if (definitionChanged) events.push({ type: 'CompanyVariableUpdated', data: { companyId, variableId, ...d } });
      // A change of encryption re-seals (or opens) the value, so it is written again even if equal in clear.
      if (command.value.kind === 'set' && (command.value.value !== existing.value || existing.isEncrypted !== d.isEncrypted)) {
        events.push({ type: 'CompanyVariableValueSet', data: { companyId, variableId, isEncrypted: d.isEncrypted, value: command.value.value } });
      }
      return events;
    }

    case 'SetCompanyVariableValue': {
      const existing = requireVisible(state, command.variableId, command.actorIsAdministrator);
      if (existing.value === command.value) return [];
      return [
        {
          type: 'CompanyVariableValueSet',
          data: {
            companyId: command.companyId,
            variableId: command.variableId,
            isEncrypted: existing.isEncrypted,
            value: command.value,
            ...(command.restoredFrom ? { restoredFrom: command.restoredFrom } : {}),
          },
        },
      ];
    }

    case 'DeleteCompanyVariable': {
      const existing = requireVisible(state, command.variableId, command.actorIsAdministrator);
      if (existing.isSystemGenerated) throw settingsErrors.systemDelete();
      return [{ type: 'CompanyVariableDeleted', data: { companyId: command.companyId, variableId: command.variableId, variableName: existing.variableName } }];
    }

    case 'SetCompanyAdminVariableValue': {
      if (!command.adminVariable) throw settingsErrors.variableNotFound();
      const current = state.adminValues[command.adminVariableId];
      if (current !== undefined && current === command.value) return [];
      return [
        {
          type: 'CompanyAdminVariableValueSet',
          data: { companyId: command.companyId, adminVariableId: command.adminVariableId, value: command.value },
        },
      ];
    }

    default: {
      const never: never = command;
      throw new Error(`Unknown command ${(never as { type: string }).type}`);
    }
  }
}

export function evolveCompanySettings(state: CompanySettingsState, event: CompanySettingsEvent): CompanySettingsState {
  switch (event.type) {
    case 'CompanyVariablesSeeded': {
      if (state.seeded) return state;
      const variables = { ...state.variables };
      for (const v of event.data.variables) {
        variables[v.variableId] = { ...v, entityType: null, isEncrypted: false, isSystemGenerated: true };
      }
      return { ...state, seeded: true, variables };
    }
    case 'CompanyVariableCreated': {
      const { companyId: _c, ...v } = event.data;
      return { ...state, variables: { ...state.variables, [v.variableId]: { ...v, isSystemGenerated: false } } };
    }
    case 'CompanyVariableUpdated': {
      const prev = state.variables[event.data.variableId];
      if (!prev) return state;
      const { companyId: _c, ...d } = event.data;
      return { ...state, variables: { ...state.variables, [d.variableId]: { ...prev, ...d } } };
    }
    case 'CompanyVariableValueSet': {
      const prev = state.variables[event.data.variableId];
      if (!prev) return state;
      return {
        ...state,
        variables: { ...state.variables, [prev.variableId]: { ...prev, value: event.data.value, isEncrypted: event.data.isEncrypted } },
      };
    }
    case 'CompanyVariableDeleted': {
      const { [event.data.variableId]: _gone, ...rest } = state.variables;
      return { ...state, variables: rest };
    }
    case 'CompanyAdminVariableValueSet':
      return { ...state, adminValues: { ...state.adminValues, [event.data.adminVariableId]: event.data.value } };
    default: {
      const never: never = event;
      void never;
      return state;
    }
  }
}

const evolveAll = (state: CompanySettingsState, events: CompanySettingsEvent[]) => events.reduce(evolveCompanySettings, state);

export const initialCompanySettings = (): CompanySettingsState => ({ seeded: false, variables: {}, adminValues: {} });

export const companySettingsDecider: Decider<CompanySettingsState, CompanySettingsCommand, CompanySettingsEvent> = {
  initialState: initialCompanySettings,
  evolve: evolveCompanySettings,
  decide: decideCompanySettings,
};
