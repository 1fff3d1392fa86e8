import { settingErrors } from '@locus/contracts';
import type { AdminSettingsEvent, SeededVariable } from '@locus/contracts';
import { fail } from '@locus/platform/ports';
import type { Decider } from '../kit/decider';
import { settingsErrors } from './company-settings';
import type { ValueChange } from './variable-values';

/** Aggregate `adminsettings-global`: the administrator variables (global, Administrator only). */
export interface AdminVariableState {
  variableId: string;
  variableName: string;
  title: string;
  description: string | null;
  isBooleanType: boolean;
  isSystemGenerated: boolean;
  value: string | null;
}

export interface AdminSettingsState {
  seeded: boolean;
  variables: Record<string, AdminVariableState>;
}

export type AdminSettingsCommand =
  | { type: 'SeedAdminVariables'; variables: SeededVariable[] }
  | {
      type: 'SaveAdminVariable';
      seed: SeededVariable[];
      variableId: string;
      mode: 'create' | 'update';
      definition: { variableName: string; title: string; description: string | null; isBooleanType: boolean };
      value: ValueChange;
    }
  | { type: 'SetAdminVariableValue'; seed: SeededVariable[]; variableId: string; value: string | null }
  | { type: 'DeleteAdminVariable'; seed: SeededVariable[]; variableId: string };

function seedEvents(state: AdminSettingsState, variables: SeededVariable[]): AdminSettingsEvent[] {
  return state.seeded || variables.length === 0 ? [] : [{ type: 'AdminVariablesSeeded', data: { variables } }];
}

function require(state: AdminSettingsState, variableId: string): AdminVariableState {
  const v = state.variables[variableId];
  if (!v) throw settingsErrors.variableNotFound();
  return v;
}

export function decideAdminSettings(command: AdminSettingsCommand, state: AdminSettingsState): AdminSettingsEvent[] {
  if (command.type === 'SeedAdminVariables') return seedEvents(state, command.variables);
  const seeded = seedEvents(state, command.seed);
  const current = seeded.reduce(evolveAdminSettings, state);
  switch (command.type) {
    case 'SaveAdminVariable': {
      const { variableId, definition: d } = command;
      const clash = Object.values(current.variables).find((v) => v.variableId !== variableId && v.variableName.toLowerCase() === d.variableName.toLowerCase());
      if (clash) throw settingsErrors.nameTaken(d.variableName);
      if (command.mode === 'create') {
        if (current.variables[variableId]) throw fail(settingErrors.variableExists);
        const value = command.value.kind === 'set' ? command.value.value : d.isBooleanType ? '0' : null;
        return [...seeded, { type: 'AdminVariableCreated', data: { variableId, ...d, value } }];
      }
      const existing = require(current, variableId);
      if (existing.isSystemGenerated && existing.variableName !== d.variableName) throw settingsErrors.systemRename();
      if (existing.isSystemGenerated && existing.isBooleanType !== d.isBooleanType) throw settingsErrors.systemType();
      const events: AdminSettingsEvent[] = [...seeded];
      if (
        existing.variableName !== d.variableName ||
        existing.title !== d.title ||
        existing.description !== d.description ||
        existing.isBooleanType !== d.isBooleanType
      ) {
        events.push({ type: 'AdminVariableUpdated', data: { variableId, ...d } });
      }
      if (command.value.kind === 'set' && command.value.value !== existing.value) {
        events.push({ type: 'AdminVariableValueSet', data: { variableId, value: command.value.value } });
      }
      return events;
    }
    case 'SetAdminVariableValue': {
      const existing = require(current, command.variableId);
      if (existing.value === command.value) return seeded;
      return [...seeded, { type: 'AdminVariableValueSet', data: { variableId: command.variableId, value: command.value } }];
    }
    case 'DeleteAdminVariable': {
      const existing = require(current, command.variableId);
      if (existing.isSystemGenerated) throw settingsErrors.systemDelete();
      return [...seeded, { type: 'AdminVariableDeleted', data: { variableId: command.variableId, variableName: existing.variableName } }];
    }
    default: {
      const never: never = command;
      throw new Error(`Unknown command ${(never as { type: string }).type}`);
    }
  }
}

export function evolveAdminSettings(state: AdminSettingsState, event: AdminSettingsEvent): AdminSettingsState {
  switch (event.type) {
    case 'AdminVariablesSeeded': {
      if (state.seeded) return state;
      const variables = { ...state.variables };
      for (const v of event.data.variables) variables[v.variableId] = { ...v, isSystemGenerated: true };
      return { seeded: true, variables };
    }
    case 'AdminVariableCreated':
      return { ...state, variables: { ...state.variables, [event.data.variableId]: { ...event.data, isSystemGenerated: false } } };
    case 'AdminVariableUpdated': {
      const prev = state.variables[event.data.variableId];
      return prev ? { ...state, variables: { ...state.variables, [prev.variableId]: { ...prev, ...event.data } } } : state;
    }
    case 'AdminVariableValueSet': {
      const prev = state.variables[event.data.variableId];
      return prev ? { ...state, variables: { ...state.variables, [prev.variableId]: { ...prev, value: event.data.value } } } : state;
    }
    case 'AdminVariableDeleted': {
      const { [event.data.variableId]: _gone, ...rest } = state.variables;
      return { ...state, variables: rest };
    }
    default: {
      const never: never = event;
      void never;
      return state;
    }
  }
}

export const initialAdminSettings = (): AdminSettingsState => ({ seeded: false, variables: {} });

export const adminSettingsDecider: Decider<AdminSettingsState, AdminSettingsCommand, AdminSettingsEvent> = {
  initialState: initialAdminSettings,
  evolve: evolveAdminSettings,
  decide: decideAdminSettings,
};
