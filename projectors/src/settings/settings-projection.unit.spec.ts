import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@locus/platform/ports';
import { recorder } from '@locus/platform/runtime/testing/recorded-events';
import { projectInMemory } from '@locus/platform/runtime/testing/projection-memory';
import type { SettingsEvent } from '@locus/contracts';
import { settingsProjection } from './settings-projection';

const recordOne = recorder('2025-01-15T10:00:00.000Z');
const recorded = (e: SettingsEvent | { type: 'CompanyDeleted'; data: { companyId: string } }, companyId: string | null = 'c1'): RecordedEvent =>
  recordOne(e.type, e.data, companyId, 'x');
const given = (events: RecordedEvent[]) => projectInMemory(settingsProjection, events);

const sealed = 'v1.aXY.dGFn.Ym9keQ';
const history = (): RecordedEvent[] => [
  recorded({
    type: 'CompanyVariablesSeeded',
    data: {
      companyId: 'c1',
      variables: [{ variableId: 's1', variableName: 'BusinessName', title: 'Business Name', description: null, isBooleanType: false, value: null }],
    },
  }),
  recorded({
    type: 'CompanyVariableCreated',
    data: {
      companyId: 'c1',
      variableId: 'v1',
      variableName: 'ApiKey',
      title: 'Api Key',
      description: null,
      entityType: null,
      isBooleanType: false,
      isEncrypted: true,
      value: sealed,
    },
  }),
  recorded({
    type: 'CompanyVariableUpdated',
    data: {
      companyId: 'c1',
      variableId: 'v1',
      variableName: 'PartnerApiKey',
      title: 'Partner Api Key',
      description: 'd',
      entityType: 'Location',
      isBooleanType: false,
      isEncrypted: true,
    },
  }),
  recorded({ type: 'CompanyVariableValueSet', data: { companyId: 'c1', variableId: 's1', isEncrypted: false, value: 'Acme' } }),
  recorded(
    {
      type: 'AdminVariablesSeeded',
      data: { variables: [{ variableId: 'a1', variableName: 'AIReviewRepliesEnabled', title: 'AI', description: null, isBooleanType: true, value: '1' }] },
    },
    null,
  ),
  recorded(
    { type: 'AdminVariableCreated', data: { variableId: 'a2', variableName: 'Extra', title: 'Extra', description: null, isBooleanType: false, value: 'x' } },
    null,
  ),
  recorded({ type: 'CompanyAdminVariableValueSet', data: { companyId: 'c1', adminVariableId: 'a1', value: '0' } }),
  recorded({ type: 'CompanyAdminVariableValueSet', data: { companyId: 'c1', adminVariableId: 'a2', value: 'y' } }),
  recorded({ type: 'AdminVariableDeleted', data: { variableId: 'a2', variableName: 'Extra' } }, null),
  recorded({ type: 'AdminVariableValueSet', data: { variableId: 'a1', value: '0' } }, null),
];

describe('settings projection', () => {
  it('keeps company variables with sealed values as sealed, per company', async () => {
    const m = await given(history());
    const vars = m.all('company-variables');
    expect(vars.map((v) => [v._id, v.companyId, v.variableName, v.value, v.isSystemGenerated, v.entityType])).toEqual([
      ['s1', 'c1', 'BusinessName', 'Acme', true, null],
      ['v1', 'c1', 'PartnerApiKey', sealed, false, 'Location'],
    ]);
    expect(vars[1]).toMatchObject({ isEncrypted: true, title: 'Partner Api Key', description: 'd' });
  });

  it('keeps admin variables global and drops company values of a deleted admin variable', async () => {
    const m = await given(history());
    expect(m.all('admin-variables').map((v) => [v._id, v.companyId, v.value, v.isSystemGenerated])).toEqual([['a1', null, '0', true]]);
    expect(m.all('company-admin-variable-values').map((v) => [v._id, v.companyId, v.value])).toEqual([['c1:a1', 'c1', '0']]);
  });

  it('removes the variables of a deleted company and of a deleted variable', async () => {
    const m = await given([
      ...history(),
      recorded({ type: 'CompanyVariableDeleted', data: { companyId: 'c1', variableId: 'v1', variableName: 'PartnerApiKey' } }),
    ]);
    expect(m.all('company-variables').map((v) => v._id)).toEqual(['s1']);
    const gone = await given([...history(), recorded({ type: 'CompanyDeleted', data: { companyId: 'c1' } })]);
    expect(gone.all('company-variables')).toEqual([]);
    expect(gone.all('company-admin-variable-values')).toEqual([]);
    expect(gone.all('admin-variables')).toHaveLength(1);
  });

  it('replaying the same events twice changes nothing', async () => {
    const events = history();
    const once = await given(events);
    const twice = await given([...events, ...events]);
    for (const c of ['company-variables', 'admin-variables', 'company-admin-variable-values']) expect(twice.all(c)).toEqual(once.all(c));
  });
});
