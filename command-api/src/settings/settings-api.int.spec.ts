import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_VARIABLES_COLLECTION,
  type CompanyVariable,
  type CompanyVariableDoc,
  companyVariableSealContext,
  MASKED_VALUE,
  settingsMessages,
  SYSTEM_ADMIN_VARIABLES,
  SYSTEM_COMPANY_VARIABLES,
  systemAdminVariableId,
  systemCompanyVariableId,
} from '@locus/contracts';
import { createSecretBox } from '@locus/platform/crypto/secret-box';
import { settingsReactors } from './reactors';
import { startFeatureStack, type FeatureStack } from './testing/feature-stack';

let stack: FeatureStack;
let a: Awaited<ReturnType<FeatureStack['createCompany']>>;
let b: Awaited<ReturnType<FeatureStack['createCompany']>>;

beforeAll(async () => {
  stack = await startFeatureStack({ reactors: (deps) => settingsReactors(deps) });
  a = await stack.createCompany('Acme Dental');
  b = await stack.createCompany('Bravo Realty');
  await stack.waitForReactors();
});
afterAll(() => stack?.close());

const list = async (token: string): Promise<CompanyVariable[]> => {
  const res = await stack.call('GET', '/api/companyMetaData/variables', token);
  expect(res.status).toBe(200);
  return res.body.Data;
};
const save = (token: string, body: Record<string, unknown>) => stack.call('POST', '/api/companyMetaData/variables/save', token, body);
/** The clear value of an encrypted variable as stored (opened here, never by a route). */
const storedSecret = async (companyId: string, variableId: string) => {
  await stack.waitForProjections();
  const docs = (await stack.allDocuments()) as Record<string, CompanyVariableDoc[]>;
  const doc = Object.entries(docs)
    .find(([name]) => name.startsWith(`${COMPANY_VARIABLES_COLLECTION}__`))![1]
    .find((d) => d._id === variableId)!;
  return createSecretBox(stack.config.encryptionKey).decrypt(doc.value!, companyVariableSealContext(companyId, variableId));
};
const fieldsOf = (res: { body: any }) => (res.body.ApiError.Fields as { Field: string }[]).map((f) => f.Field);

describe('company variables', () => {
  it('seeds the system variables of a new company (reactor on CompanyCreated)', async () => {
    const vars = await list(a.admin);
    const system = vars.filter((v) => v.IsSystemGenerated);
    expect(system.map((v) => v.VariableName).sort()).toEqual(SYSTEM_COMPANY_VARIABLES.map((s) => s.variableName).sort());
    const notify = system.find((v) => v.VariableName === 'NotifyOnNewReviews')!;
    expect(notify).toMatchObject({
      Id: systemCompanyVariableId(a.companyId, 'notify-new-reviews'),
      IsBooleanType: true,
      IsBoolean: true,
      VariableValue: '1',
      IsAdminVariable: false,
    });
    const admin = await stack.call('GET', '/api/adminMetaData/variables', stack.administrator);
    expect(admin.body.Data.map((v: { Id: string }) => v.Id).sort()).toEqual(SYSTEM_ADMIN_VARIABLES.map((s) => systemAdminVariableId(s.key)).sort());
  });

  it('creates, updates and deletes a variable with the spec messages', async () => {
    const created = await save(a.admin, { VariableName: 'Greeting', Title: 'Greeting', VariableValue: 'Hello' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ Success: true, ResponseMessage: settingsMessages.saved });
    expect(created.headers.get('x-position')).toBeTruthy();
    const id = created.body.Data.Id;
    expect((await list(a.admin)).find((v) => v.Id === id)).toMatchObject({
      VariableName: 'Greeting',
      VariableValue: 'Hello',
      IsSystemGenerated: false,
      IsEncrypted: false,
    });

    const updated = await save(a.admin, { Id: id, VariableName: 'Welcome', Title: 'Welcome text' });
    expect(updated.status).toBe(200);
    expect((await list(a.admin)).find((v) => v.Id === id)).toMatchObject({ VariableName: 'Welcome', Title: 'Welcome text', VariableValue: 'Hello' });

    const setValue = await stack.call('POST', `/api/companyMetaData/variables/${id}/value`, a.admin, { VariableValue: 'Hi there' });
    expect(setValue.body.ResponseMessage).toBe(settingsMessages.saved);
    expect((await list(a.admin)).find((v) => v.Id === id)!.VariableValue).toBe('Hi there');

    const deleted = await stack.call('DELETE', `/api/companyMetaData/variables/${id}`, a.admin);
    expect(deleted.body).toMatchObject({ Success: true, ResponseMessage: settingsMessages.deleted });
    expect((await list(a.admin)).some((v) => v.Id === id)).toBe(false);
    expect((await stack.call('DELETE', `/api/companyMetaData/variables/${id}`, a.admin)).status).toBe(404);
  });

  it('validates names and values with 4xx naming the field', async () => {
    const spaced = await save(a.admin, { VariableName: 'Has space' });
    expect(spaced.status).toBe(400);
    expect(fieldsOf(spaced)).toContain('VariableName');
    const empty = await save(a.admin, { VariableName: '' });
    expect(empty.status).toBe(400);
    expect(fieldsOf(empty)).toContain('VariableName');
    const boolEncrypted = await save(a.admin, { VariableName: 'Flag', IsBooleanType: true, IsEncrypted: true });
    expect(boolEncrypted.status).toBe(400);
    expect(fieldsOf(boolEncrypted)).toContain('IsEncrypted');
    const duplicate = await save(a.admin, { VariableName: 'businessname' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.ApiError.ErrorCode).toBe('SETTINGS.VARIABLE_NAME_TAKEN');
  });

  it("stores booleans as '1'/'0'", async () => {
    const created = await save(a.admin, { VariableName: 'ShowBadge', IsBooleanType: true, VariableValue: true });
    const id = created.body.Data.Id;
    expect((await list(a.admin)).find((v) => v.Id === id)!.VariableValue).toBe('1');
    await stack.call('POST', `/api/companyMetaData/variables/${id}/value`, a.admin, { VariableValue: 'false' });
    expect((await list(a.admin)).find((v) => v.Id === id)!.VariableValue).toBe('0');
    const bad = await stack.call('POST', `/api/companyMetaData/variables/${id}/value`, a.admin, { VariableValue: 'perhaps' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['VariableValue']);
  });

  it('never answers an encrypted value in clear: masked in lists; the mask sent back keeps it, a new value replaces it', async () => {
    const secret = 'sk-live-company-a-7Hq2';
    const created = await save(a.admin, { VariableName: 'PartnerApiKey', IsEncrypted: true, VariableValue: secret });
    const id = created.body.Data.Id;
    const row = (await list(a.admin)).find((v) => v.Id === id)!;
    expect(row).toMatchObject({ IsEncrypted: true, VariableValue: MASKED_VALUE });
    // the former reveal route is gone: that path only takes a new value
    expect((await stack.call('GET', `/api/companyMetaData/variables/${id}/value`, a.admin)).status).toBe(405);

    await save(a.admin, { Id: id, VariableName: 'PartnerApiKey', Title: 'Partner key', IsEncrypted: true, VariableValue: MASKED_VALUE });
    await stack.call('POST', `/api/companyMetaData/variables/${id}/value`, a.admin, { VariableValue: MASKED_VALUE });
    expect(await storedSecret(a.companyId, id)).toBe(secret);
    await stack.call('POST', `/api/companyMetaData/variables/${id}/value`, a.admin, { VariableValue: `${secret}-rotated` });
    expect(await storedSecret(a.companyId, id)).toBe(`${secret}-rotated`);
    expect(JSON.stringify(stack.responses)).not.toContain(secret);

    const events = JSON.stringify(await stack.allEvents(), (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    await stack.waitForProjections();
    const docs = JSON.stringify(await stack.allDocuments());
    for (const text of [events, docs, stack.logs.text()]) {
      expect(text).not.toContain(secret);
    }
    expect(events).toContain('"isEncrypted":true');

    // Switching encryption off opens the value; the list then shows it.
    await save(a.admin, { Id: id, VariableName: 'PartnerApiKey', IsEncrypted: false });
    expect((await list(a.admin)).find((v) => v.Id === id)).toMatchObject({ IsEncrypted: false, VariableValue: `${secret}-rotated` });
  });

  it("keeps a company's LLM key sealed whatever the form says, and refuses an LlmBaseUrl the server may not call", async () => {
    const key = 'sk-company-llm-key-91xQ';
    const created = await save(a.admin, { VariableName: 'LlmApiKey', IsEncrypted: false, VariableValue: key });
    expect(created.status).toBe(200);
    const id = created.body.Data.Id;
    expect((await list(a.admin)).find((v) => v.Id === id)).toMatchObject({ IsEncrypted: true, VariableValue: MASKED_VALUE });
    expect(await storedSecret(a.companyId, id)).toBe(key);

    const bad = await save(a.admin, { VariableName: 'LlmBaseUrl', VariableValue: 'file:///etc/passwd' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['VariableValue']);
    const good = await save(a.admin, { VariableName: 'LlmBaseUrl', VariableValue: 'https://llm.example.com/v1' });
    expect(good.status).toBe(200);
    const setBad = await stack.call('POST', `/api/companyMetaData/variables/${good.body.Data.Id}/value`, a.admin, { VariableValue: 'gopher://example.com/' });
    expect(setBad.status).toBe(400);
    expect(fieldsOf(setBad)).toEqual(['VariableValue']);
  });

  it('protects system-generated variables', async () => {
    const sys = SYSTEM_COMPANY_VARIABLES[0]!;
    const id = systemCompanyVariableId(a.companyId, sys.key);
    const rename = await save(a.admin, { Id: id, VariableName: 'Renamed', Title: sys.title });
    expect(rename.status).toBe(422);
    expect(fieldsOf(rename)).toEqual(['VariableName']);
    const del = await stack.call('DELETE', `/api/companyMetaData/variables/${id}`, a.admin);
    expect(del.status).toBe(422);
    expect(del.body.ResponseMessage).toBe('System-generated variables cannot be deactivated');
    const value = await stack.call('POST', `/api/companyMetaData/variables/${id}/value`, a.admin, { VariableValue: 'Acme Dental Group' });
    expect(value.status).toBe(200);
    // An edit that sends only the key and the value keeps the title and the type.
    const notifyId = systemCompanyVariableId(a.companyId, 'notify-new-reviews');
    const edit = await save(a.admin, { Id: notifyId, VariableName: 'NotifyOnNewReviews', VariableValue: false });
    expect(edit.status, edit.text).toBe(200);
    expect((await list(a.admin)).find((v) => v.Id === notifyId)).toMatchObject({ Title: 'Notify On New Reviews', IsBooleanType: true, VariableValue: '0' });
  });

  it('shows entity-typed variables only to an administrator viewing the company', async () => {
    expect((await save(a.admin, { VariableName: 'LocationCode', EntityType: 'Location' })).status).toBe(403);
    const created = await save(a.adminViewing, { VariableName: 'LocationCode', EntityType: 'Location', VariableValue: 'LC' });
    expect(created.status).toBe(200);
    const id = created.body.Data.Id;
    expect((await list(a.adminViewing)).some((v) => v.Id === id)).toBe(true);
    expect((await list(a.admin)).some((v) => v.Id === id)).toBe(false);
    expect((await stack.call('POST', `/api/companyMetaData/variables/${id}/value`, a.admin, { VariableValue: 'x' })).status).toBe(404);
  });

  it("keeps companies apart: another company's variable answers 404", async () => {
    const created = await save(b.admin, { VariableName: 'BravoOnly', VariableValue: 'b' });
    const id = created.body.Data.Id;
    expect((await stack.call('POST', `/api/companyMetaData/variables/${id}/value`, a.admin, { VariableValue: 'a' })).status).toBe(404);
    expect((await stack.call('DELETE', `/api/companyMetaData/variables/${id}`, a.admin)).status).toBe(404);
    expect((await list(a.admin)).some((v) => v.Id === id)).toBe(false);
    expect((await list(b.admin)).find((v) => v.Id === id)!.VariableValue).toBe('b');
    expect((await stack.call('GET', '/api/companyMetaData/variables', a.user)).status).toBe(403);
  });
});

describe('admin level (Global Company Settings tab)', () => {
  it("lists a company's variables then the administrator variables with the company's values", async () => {
    const aiId = systemAdminVariableId('ai-replies-enabled');
    const set = await stack.call('POST', `/api/companyMetaData/admin-level/${b.companyId}/update/${aiId}`, stack.administrator, {
      AdminMetaDataVariableId: aiId,
      VariableValue: false,
    });
    expect(set.status).toBe(200);
    expect(set.body.ResponseMessage).toBe(settingsMessages.saved);
    const res = await stack.call('GET', `/api/companyMetaData/admin-level/${b.companyId}`, stack.administrator);
    expect(res.status).toBe(200);
    const rows: CompanyVariable[] = res.body.Data;
    expect(rows.find((r) => r.VariableName === 'BravoOnly')).toMatchObject({ IsAdminVariable: false });
    expect(rows.find((r) => r.Id === aiId)).toMatchObject({
      IsAdminVariable: true,
      AdminMetaDataVariableId: aiId,
      VariableValue: '0',
      AdminVariableValue: '1',
      IsBooleanType: true,
    });
    const other = (await stack.call('GET', `/api/companyMetaData/admin-level/${a.companyId}`, stack.administrator)).body.Data as CompanyVariable[];
    expect(other.find((r) => r.Id === aiId)!.VariableValue).toBe('1');
  });

  it("sets a company variable's value as the administrator, the encrypted one still masked", async () => {
    const created = await save(b.admin, { VariableName: 'BravoSecret', IsEncrypted: true, VariableValue: 'bravo-secret-value' });
    const id = created.body.Data.Id;
    const upd = await stack.call('POST', `/api/companyMetaData/admin-level/${b.companyId}/update/${id}`, stack.administrator, {
      VariableValue: 'set-by-admin',
    });
    expect(upd.status).toBe(200);
    expect(await storedSecret(b.companyId, id)).toBe('set-by-admin');
    const rows = (await stack.call('GET', `/api/companyMetaData/admin-level/${b.companyId}`, stack.administrator)).body.Data as CompanyVariable[];
    expect(rows.find((r) => r.Id === id)!.VariableValue).toBe(MASKED_VALUE);
  });

  it('answers 404 for an unknown company and 400 for a mismatched admin variable id', async () => {
    expect((await stack.call('GET', '/api/companyMetaData/admin-level/no-such-company', stack.administrator)).status).toBe(404);
    const aiId = systemAdminVariableId('ai-replies-enabled');
    expect(
      (
        await stack.call('POST', `/api/companyMetaData/admin-level/no-such-company/update/${aiId}`, stack.administrator, {
          AdminMetaDataVariableId: aiId,
          VariableValue: true,
        })
      ).status,
    ).toBe(404);
    const mismatch = await stack.call('POST', `/api/companyMetaData/admin-level/${a.companyId}/update/${aiId}`, stack.administrator, {
      AdminMetaDataVariableId: 'other',
      VariableValue: true,
    });
    expect(mismatch.status).toBe(400);
    expect(fieldsOf(mismatch)).toEqual(['AdminMetaDataVariableId']);
    expect((await stack.call('GET', `/api/companyMetaData/admin-level/${a.companyId}`, a.admin)).status).toBe(403);
  });
});

describe('administrator variables', () => {
  const saveAdmin = (body: Record<string, unknown>, token = stack.administrator) => stack.call('POST', '/api/adminMetaData/variables/save', token, body);

  it('creates, sets and deletes; names are required, unique and without spaces', async () => {
    expect(fieldsOf(await saveAdmin({ VariableName: 'Two words' }))).toContain('VariableName');
    const created = await saveAdmin({ VariableName: 'SupportEmail', Title: 'Support Email', VariableValue: 'help@locus.test' });
    expect(created.body.ResponseMessage).toBe(settingsMessages.saved);
    const id = created.body.Data.Id;
    expect((await saveAdmin({ VariableName: 'SUPPORTEMAIL' })).status).toBe(409);
    await stack.call('POST', `/api/adminMetaData/variables/${id}/value`, stack.administrator, { VariableValue: 'support@locus.test' });
    const rows = (await stack.call('GET', '/api/adminMetaData/variables', stack.administrator)).body.Data;
    expect(rows.find((r: { Id: string }) => r.Id === id)).toMatchObject({
      AdminMetaDataVariableId: id,
      VariableValue: 'support@locus.test',
      IsSystemGenerated: false,
    });
    const del = await stack.call('DELETE', `/api/adminMetaData/variables/${id}`, stack.administrator);
    expect(del.body.ResponseMessage).toBe(settingsMessages.deleted);
  });

  it('keeps system administrator variables and is Administrator only', async () => {
    const sysId = systemAdminVariableId(SYSTEM_ADMIN_VARIABLES[0]!.key);
    expect((await stack.call('DELETE', `/api/adminMetaData/variables/${sysId}`, stack.administrator)).status).toBe(422);
    expect((await saveAdmin({ Id: sysId, VariableName: 'Renamed' })).status).toBe(422);
    const setBool = await stack.call('POST', `/api/adminMetaData/variables/${sysId}/value`, stack.administrator, { VariableValue: 'nope' });
    expect(setBool.status).toBe(400);
    expect((await saveAdmin({ VariableName: 'Sneaky' }, a.admin)).status).toBe(403);
    expect((await saveAdmin({ VariableName: 'Sneaky' }, a.adminViewing)).status).toBe(403);
  });
});
