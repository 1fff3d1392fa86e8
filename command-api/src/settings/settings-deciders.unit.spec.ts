import { describe, expect, it } from 'vitest';
import type { AdminSettingsEvent, CompanySettingsEvent } from '@locus/contracts';
import { AppError } from '@locus/platform';
import { companySettingsDecider, type CompanySettingsCommand } from './company-settings';
import { adminSettingsDecider, type AdminSettingsCommand } from './admin-settings';
import { adminSeed, companySeed } from './seeds';
import { normalizeValue } from './variable-values';
import { deciderSpec } from '../kit/testing/decider-spec';

const C = 'c1';
const seedEvent: CompanySettingsEvent = { type: 'CompanyVariablesSeeded', data: { companyId: C, variables: companySeed(C) } };

const { given } = deciderSpec(companySettingsDecider);

const definition = (
  over: Partial<{
    variableName: string;
    title: string;
    description: string | null;
    entityType: string | null;
    isBooleanType: boolean;
    isEncrypted: boolean;
  }> = {},
) => ({
  variableName: 'Greeting',
  title: 'Greeting',
  description: null,
  entityType: null,
  isBooleanType: false,
  isEncrypted: false,
  ...over,
});

const save = (over: Partial<Extract<CompanySettingsCommand, { type: 'SaveCompanyVariable' }>> = {}): CompanySettingsCommand => ({
  type: 'SaveCompanyVariable',
  companyId: C,
  seed: companySeed(C),
  variableId: 'v1',
  mode: 'create',
  definition: definition(),
  value: { kind: 'set', value: 'Hello' },
  actorIsAdministrator: false,
  ...over,
});

const created: CompanySettingsEvent = {
  type: 'CompanyVariableCreated',
  data: { companyId: C, variableId: 'v1', ...definition(), value: 'Hello' },
};

describe('company settings decider', () => {
  it('seeds the system variables once', () => {
    given([])
      .when({ type: 'SeedCompanyVariables', companyId: C, variables: companySeed(C) })
      .then([seedEvent]);
    given([seedEvent])
      .when({ type: 'SeedCompanyVariables', companyId: C, variables: companySeed(C) })
      .then([]);
  });

  it('creates a variable, seeding the system ones first when missing', () => {
    given([]).when(save()).then([seedEvent, created]);
    given([seedEvent]).when(save()).then([created]);
  });

  it('refuses a duplicate name, ignoring case, including system names', () => {
    given([seedEvent, created])
      .when(save({ variableId: 'v2', definition: definition({ variableName: 'GREETING' }) }))
      .thenThrows('SETTINGS.VARIABLE_NAME_TAKEN');
    given([seedEvent])
      .when(save({ definition: definition({ variableName: 'businessname' }) }))
      .thenThrows('SETTINGS.VARIABLE_NAME_TAKEN');
  });

  it('gives a new boolean variable the value 0 when none is sent', () => {
    given([seedEvent])
      .when(save({ definition: definition({ isBooleanType: true }), value: { kind: 'keep' } }))
      .then([{ type: 'CompanyVariableCreated', data: { companyId: C, variableId: 'v1', ...definition({ isBooleanType: true }), value: '0' } }]);
  });

  it('lets only administrators manage entity-typed variables', () => {
    given([seedEvent])
      .when(save({ definition: definition({ entityType: 'Location' }) }))
      .thenThrows('SETTINGS.ENTITY_TYPE_ADMIN_ONLY');
    const typed: CompanySettingsEvent = {
      type: 'CompanyVariableCreated',
      data: { companyId: C, variableId: 'v9', ...definition({ variableName: 'Typed', entityType: 'Location' }), value: null },
    };
    given([seedEvent, typed])
      .when({ type: 'SetCompanyVariableValue', companyId: C, variableId: 'v9', value: 'x', actorIsAdministrator: false })
      .thenThrows('SETTINGS.VARIABLE_NOT_FOUND');
    given([seedEvent, typed])
      .when({ type: 'DeleteCompanyVariable', companyId: C, variableId: 'v9', actorIsAdministrator: false })
      .thenThrows('SETTINGS.VARIABLE_NOT_FOUND');
    given([seedEvent, typed])
      .when({ type: 'SetCompanyVariableValue', companyId: C, variableId: 'v9', value: 'x', actorIsAdministrator: true })
      .then([{ type: 'CompanyVariableValueSet', data: { companyId: C, variableId: 'v9', isEncrypted: false, value: 'x' } }]);
  });

  it('updates the definition and the value separately, and nothing when nothing changed', () => {
    given([seedEvent, created])
      .when(save({ mode: 'update', definition: definition({ title: 'Hi' }), value: { kind: 'keep' } }))
      .then([{ type: 'CompanyVariableUpdated', data: { companyId: C, variableId: 'v1', ...definition({ title: 'Hi' }) } }]);
    given([seedEvent, created])
      .when(save({ mode: 'update', value: { kind: 'set', value: 'Bye' } }))
      .then([{ type: 'CompanyVariableValueSet', data: { companyId: C, variableId: 'v1', isEncrypted: false, value: 'Bye' } }]);
    given([seedEvent, created])
      .when(save({ mode: 'update' }))
      .then([]);
  });

  it('rewrites the value when encryption is switched on', () => {
    given([seedEvent, created])
      .when(save({ mode: 'update', definition: definition({ isEncrypted: true }), value: { kind: 'set', value: 'v1.sealed.tag.body' } }))
      .then([
        { type: 'CompanyVariableUpdated', data: { companyId: C, variableId: 'v1', ...definition({ isEncrypted: true }) } },
        { type: 'CompanyVariableValueSet', data: { companyId: C, variableId: 'v1', isEncrypted: true, value: 'v1.sealed.tag.body' } },
      ]);
  });

  it('protects system-generated variables from renaming, retyping and deactivation', () => {
    const sys = companySeed(C)[0]!;
    const sysDef = definition({ variableName: sys.variableName, title: sys.title, description: sys.description, isBooleanType: sys.isBooleanType });
    given([seedEvent])
      .when(save({ mode: 'update', variableId: sys.variableId, definition: { ...sysDef, variableName: 'Renamed' } }))
      .thenThrows('SETTINGS.SYSTEM_VARIABLE_RENAME');
    given([seedEvent])
      .when(save({ mode: 'update', variableId: sys.variableId, definition: { ...sysDef, isBooleanType: !sys.isBooleanType } }))
      .thenThrows('SETTINGS.SYSTEM_VARIABLE_TYPE');
    given([seedEvent])
      .when({ type: 'DeleteCompanyVariable', companyId: C, variableId: sys.variableId, actorIsAdministrator: true })
      .thenThrows('SETTINGS.SYSTEM_VARIABLE_DELETE');
    given([seedEvent])
      .when(save({ mode: 'update', variableId: sys.variableId, definition: { ...sysDef, title: 'Brand' }, value: { kind: 'set', value: 'Acme' } }))
      .then([
        { type: 'CompanyVariableUpdated', data: { companyId: C, variableId: sys.variableId, ...sysDef, title: 'Brand' } },
        { type: 'CompanyVariableValueSet', data: { companyId: C, variableId: sys.variableId, isEncrypted: false, value: 'Acme' } },
      ]);
  });

  it('deletes a variable, then answers not found', () => {
    const deleted: CompanySettingsEvent = { type: 'CompanyVariableDeleted', data: { companyId: C, variableId: 'v1', variableName: 'Greeting' } };
    given([seedEvent, created]).when({ type: 'DeleteCompanyVariable', companyId: C, variableId: 'v1', actorIsAdministrator: false }).then([deleted]);
    given([seedEvent, created, deleted])
      .when({ type: 'DeleteCompanyVariable', companyId: C, variableId: 'v1', actorIsAdministrator: false })
      .thenThrows('SETTINGS.VARIABLE_NOT_FOUND');
    given([seedEvent, created, deleted])
      .when(save({ variableId: 'v2' }))
      .then([{ ...created, data: { ...created.data, variableId: 'v2' } }]);
  });

  it("sets the company's value of an administrator variable", () => {
    const cmd = (value: string | null, exists = true): CompanySettingsCommand => ({
      type: 'SetCompanyAdminVariableValue',
      companyId: C,
      adminVariableId: 'a1',
      adminVariable: exists ? { isBooleanType: true } : null,
      value,
    });
    const set: CompanySettingsEvent = { type: 'CompanyAdminVariableValueSet', data: { companyId: C, adminVariableId: 'a1', value: '1' } };
    given([]).when(cmd('1')).then([set]);
    given([set]).when(cmd('1')).then([]);
    given([]).when(cmd('1', false)).thenThrows('SETTINGS.VARIABLE_NOT_FOUND');
  });
});

describe('admin settings decider', () => {
  const admin = deciderSpec(adminSettingsDecider);
  const seeded: AdminSettingsEvent = { type: 'AdminVariablesSeeded', data: { variables: adminSeed() } };
  const saveCmd = (over: Partial<Extract<AdminSettingsCommand, { type: 'SaveAdminVariable' }>> = {}): AdminSettingsCommand => ({
    type: 'SaveAdminVariable',
    seed: adminSeed(),
    variableId: 'a1',
    mode: 'create',
    definition: { variableName: 'SupportEmail', title: 'Support Email', description: null, isBooleanType: false },
    value: { kind: 'set', value: 'help@example.com' },
    ...over,
  });
  const created: AdminSettingsEvent = {
    type: 'AdminVariableCreated',
    data: { variableId: 'a1', variableName: 'SupportEmail', title: 'Support Email', description: null, isBooleanType: false, value: 'help@example.com' },
  };

  it('seeds with the first command and creates the variable', () => {
    admin.given([]).when(saveCmd()).then([seeded, created]);
    admin.given([seeded]).when(saveCmd()).then([created]);
    admin.given([seeded, created]).when(saveCmd()).thenThrows({ code: 'SETTINGS.VARIABLE_EXISTS', kind: 'conflict' });
  });

  it('keeps names unique and system variables fixed', () => {
    admin
      .given([seeded, created])
      .when(saveCmd({ variableId: 'a2', definition: { variableName: 'supportemail', title: '', description: null, isBooleanType: false } }))
      .thenThrows({ code: 'SETTINGS.VARIABLE_NAME_TAKEN', kind: 'conflict' });
    const sys = adminSeed()[0]!;
    admin.given([seeded]).when({ type: 'DeleteAdminVariable', seed: adminSeed(), variableId: sys.variableId }).thenThrows('SETTINGS.SYSTEM_VARIABLE_DELETE');
    admin
      .given([seeded])
      .when(
        saveCmd({
          mode: 'update',
          variableId: sys.variableId,
          definition: { variableName: 'Other', title: sys.title, description: sys.description, isBooleanType: sys.isBooleanType },
        }),
      )
      .thenThrows('SETTINGS.SYSTEM_VARIABLE_RENAME');
  });

  it('sets a value only when it changes', () => {
    const sys = adminSeed()[1]!;
    admin
      .given([seeded])
      .when({ type: 'SetAdminVariableValue', seed: adminSeed(), variableId: sys.variableId, value: '1' })
      .then([{ type: 'AdminVariableValueSet', data: { variableId: sys.variableId, value: '1' } }]);
    admin.given([seeded]).when({ type: 'SetAdminVariableValue', seed: adminSeed(), variableId: sys.variableId, value: sys.value }).then([]);
    admin
      .given([seeded])
      .when({ type: 'SetAdminVariableValue', seed: adminSeed(), variableId: 'missing', value: '1' })
      .thenThrows('SETTINGS.VARIABLE_NOT_FOUND');
  });
});

describe('variable values', () => {
  it('stores booleans as 1/0 and rejects other kinds', () => {
    expect(normalizeValue(true, true)).toBe('1');
    expect(normalizeValue('false', true)).toBe('0');
    expect(normalizeValue(null, true)).toBe('0');
    expect(() => normalizeValue('yes please', true)).toThrow(AppError);
    expect(() => normalizeValue(true, false)).toThrow(AppError);
    expect(normalizeValue('', false)).toBeNull();
    expect(normalizeValue(' keep spaces ', false)).toBe(' keep spaces ');
  });
});
