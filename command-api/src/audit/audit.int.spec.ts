import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_COLLECTION, LOCATIONS_COLLECTION, type HistoryRow, type LocationDoc } from '@locus/contracts';
import { accessTokenFor, callJson } from '@locus/sandbox/google/testing';
import { startTestStack } from '@locus/tests/stack/test-stack';
import { verifyExport } from '../../../deploy/src/audit/verify-export';
import { seedDemoLocations } from '../connections/demo';
import { connectionsReactors } from '../connections';
import { locationsReactors } from '../locations';
import { settingsReactors } from '../settings';
import { DEMO_COMPANIES, seedDemo } from '../demo/seed-demo';
import { retitleLocation } from './testing/retitle';

/**
 * The audit feature over HTTP on the one test stack with the Google sandbox: an auditor reads
 * the history of a title changed by two users, the point in time before the first change, is
 * refused every write, a company admin restores the title (Google gets it), and the export
 * verifies until one byte changes.
 */
type Stack = Awaited<ReturnType<typeof startTestStack>>;
let stack: Stack;
let companyId = '';
let adminToken = '';
let userToken = '';
let auditorToken = '';
let adminId = '';
let userId = '';
let location: LocationDoc;
const DEMO = DEMO_COMPANIES[0]!;

const lines = (text: string) => Readable.from(text.split('\n'));

beforeAll(async () => {
  stack = await startTestStack({
    sandbox: true,
    reactors: [(d) => connectionsReactors(d), (d) => locationsReactors(d), (d) => settingsReactors(d)],
    sessionValidation: false,
  });
  const deps = stack.commandDeps;
  const demo = await seedDemo(deps, { adminEmail: 'root@audit.test', adminPassword: 'Audit-Passw0rd!' });
  const company = demo.companies.find((c) => c.name === DEMO.name)!;
  companyId = company.companyId;
  const seeded = await seedDemoLocations(deps, {
    companyId,
    adminUserId: company.defaultAdminId,
    googleUserEmail: company.google.userEmail,
    accountNames: company.google.accounts,
  });
  expect(seeded?.completed).toBe(true);
  await stack.waitForReactors();
  await stack.waitForProjections();
  adminId = company.defaultAdminId;
  userId = company.userIds[0]!;
  adminToken = await stack.tokenFor('CompanyAdmin', companyId, { userId: adminId });
  userToken = await stack.tokenFor('CompanyUser', companyId, { userId });
  const created = await stack.call('POST', '/api/users', {
    token: adminToken,
    body: { Role: 'CompanyAuditor', FirstName: 'Audrey', LastName: 'Auditor', Email: 'audrey@audit.test', PhoneNumber: '(512) 555-0100' },
  });
  expect(created.status, created.text).toBe(201);
  const auditorId = (created.body as { Data: { Id: string } }).Data.Id;
  auditorToken = await stack.tokenFor('CompanyAuditor', companyId, { userId: auditorId });
  const docs = await stack.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).find({ companyId }, { limit: 5 });
  location = docs.find((d) => d.googleName)!;
  expect(location).toBeDefined();
}, 240_000);

afterAll(async () => {
  await stack?.close();
});

describe('audit: history, point in time, restore, export', () => {
  const original = () => location.profile.Title;
  let firstChange = 0;

  it('shows both title changes with before → after and the names of the two users', async () => {
    firstChange = await retitleLocation(stack.commandDeps, companyId, location._id, `${original()} (one)`, { userId: adminId, role: 'CompanyAdmin' });
    await retitleLocation(stack.commandDeps, companyId, location._id, `${original()} (two)`, { userId, role: 'CompanyUser' });
    // Google's answers (asserted below) are the reactors' events: they come after the edits.
    await stack.waitForReactors();
    await stack.waitForProjections();
    const page = await stack.call('GET', `/api/audit/history?entityType=location&entityId=${location._id}&eventType=LocationUpdated`, { token: auditorToken });
    expect(page.status, page.text).toBe(200);
    const rows = (page.body as { Data: HistoryRow[] }).Data;
    expect(rows.map((r) => r.Changes.find((c) => c.Field === 'Title'))).toEqual([
      { Field: 'Title', Before: `${original()} (one)`, After: `${original()} (two)`, Secret: false },
      { Field: 'Title', Before: original(), After: `${original()} (one)`, Secret: false },
    ]);
    const names = rows.map((r) => r.Actor.Name);
    expect(names[0]).not.toBe(names[1]);
    expect(names.every((n) => n && !/^[0-9a-f-]{36}$/.test(n))).toBe(true);
    // Google's answers to those edits are in the same timeline, linked to them
    const outcomes = await stack.call('GET', `/api/audit/history?entityId=${location._id}&q=google%20update`, { token: auditorToken });
    const linked = (outcomes.body as { Data: HistoryRow[] }).Data.filter((r) => r.CausedBy);
    expect(linked.length).toBeGreaterThan(0);
    expect(linked[0]!.Actor.Kind).toBe('google');
  });

  it('folds the location before the first change from the event store', async () => {
    const before = await stack.call('GET', `/api/audit/entities/location/${location._id}/state?position=${firstChange - 1}`, { token: auditorToken });
    expect(before.status, before.text).toBe(200);
    const data = (before.body as { Data: { Fields: { Field: string; Value: string }[]; Changes: unknown[] } }).Data;
    expect(data.Fields.find((f) => f.Field === 'Title')?.Value).toBe(original());
    const now = await stack.call('GET', `/api/audit/entities/location/${location._id}/state`, { token: auditorToken });
    const fields = (now.body as { Data: { Fields: { Field: string; Value: string }[] } }).Data.Fields;
    expect(fields.find((f) => f.Field === 'Title')?.Value).toBe(`${original()} (two)`);
  });

  it('folds a user and the company settings too, never showing a sealed value, and only for their company', async () => {
    const settings = await stack.call('GET', `/api/audit/entities/companysettings/${companyId}/state`, { token: auditorToken });
    expect(settings.status, settings.text).toBe(200);
    const fields = (settings.body as { Data: { Exists: boolean; Fields: { Value: string; Secret: boolean }[] } }).Data;
    expect(fields.Exists).toBe(true);
    expect(fields.Fields.filter((f) => f.Secret).every((f) => f.Value === 'set' || f.Value === '')).toBe(true);
    const user = await stack.call('GET', `/api/audit/entities/user/${userId}/state`, { token: auditorToken });
    expect((user.body as { Data: { Name: string } }).Data.Name).toBeTruthy();
    const other = await stack.tokenFor('CompanyAuditor', 'another-company');
    expect((await stack.call('GET', `/api/audit/entities/companysettings/${companyId}/state`, { token: other })).status).toBe(404);
    expect((await stack.call('GET', `/api/audit/entities/nothing/${companyId}/state`, { token: auditorToken })).status).toBe(404);
  });

  it('refuses every write to an auditor, and restore to a company user', async () => {
    expect((await stack.call('POST', `/api/gmb/${location._id}/update`, { token: auditorToken, body: { Title: 'Nope' } })).status).toBe(403);
    const body = { Position: firstChange - 1, Fields: ['Title'] };
    expect((await stack.call('POST', `/api/audit/entities/location/${location._id}/restore`, { token: auditorToken, body })).status).toBe(403);
    expect((await stack.call('POST', `/api/audit/entities/location/${location._id}/restore`, { token: userToken, body })).status).toBe(403);
    const other = await stack.tokenFor('CompanyAdmin', 'another-company');
    expect((await stack.call('GET', `/api/audit/entities/location/${location._id}/state`, { token: other })).status).toBe(404);
    const bad = await stack.call('POST', `/api/audit/entities/location/${location._id}/restore`, { token: adminToken, body: { Fields: ['Title'] } });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('At');
  });

  it('restores the original title as a new "restored" change, pushed to Google by the usual reactor', async () => {
    const res = await stack.call('POST', `/api/audit/entities/location/${location._id}/restore`, {
      token: adminToken,
      body: { Position: firstChange - 1, Fields: ['Title'] },
    });
    expect(res.status, res.text).toBe(200);
    await stack.waitForProjections();
    const page = await stack.call('GET', `/api/audit/history?entityId=${location._id}&eventType=LocationUpdated`, { token: auditorToken });
    const newest = (page.body as { Data: HistoryRow[] }).Data[0]!;
    // restored from the location's last event at that position: its import
    expect(newest.Label).toBe('Location restored');
    expect(newest.RestoredFrom!.Position).toBeLessThan(firstChange);
    expect(newest.Changes).toContainEqual({ Field: 'Title', Before: `${original()} (two)`, After: original(), Secret: false });
    const google = await accessTokenFor(stack.sandbox!.url, DEMO.google.userEmail);
    const until = Date.now() + 20_000;
    let title = '';
    while (Date.now() < until) {
      title = (await callJson(stack.sandbox!.url, google, 'GET', `/google/mybusinessbusinessinformation/v1/${location.googleName}?readMask=title`)).json.title;
      if (title === original()) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(title).toBe(original());
    const again = await stack.call('POST', `/api/audit/entities/location/${location._id}/restore`, {
      token: adminToken,
      body: { Position: firstChange - 1, Fields: ['Title'] },
    });
    expect(again.status).toBe(422);
  });

  it('restores a user\'s details and a template\'s post through their own commands, as "restored" lines; auditors and users get 403', async () => {
    type Fields = { Field: string; Value: string }[];
    const fieldsOf = async (type: string, id: string, query = '') => {
      const res = await stack.call('GET', `/api/audit/entities/${type}/${id}/state${query}`, { token: auditorToken });
      expect(res.status, res.text).toBe(200);
      const data = (res.body as { Data: { Fields: Fields; Restorable: string[] } }).Data;
      return { ...data, value: (f: string) => data.Fields.find((x) => x.Field === f)?.Value };
    };
    const restore = (type: string, id: string, token: string, body: unknown) =>
      stack.call('POST', `/api/audit/entities/${type}/${id}/restore`, { token, body });

    // A user: renamed, then restored to the name and phone before
    const was = await fieldsOf('user', userId);
    expect(was.Restorable).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'phoneNumber', 'city']));
    expect(was.Restorable).not.toContain('password');
    const edit = await stack.call('POST', `/api/users/${userId}/update`, {
      token: adminToken,
      body: { FirstName: 'Renamed', LastName: 'Person', Email: was.value('email'), PhoneNumber: '(512) 555-0199' },
    });
    expect(edit.status, edit.text).toBe(200);
    const editedAt = Number(edit.headers.get('x-position'));
    const userBody = { Position: editedAt - 1, Fields: ['firstName', 'lastName', 'phoneNumber'] };
    expect((await restore('user', userId, auditorToken, userBody)).status).toBe(403);
    expect((await restore('user', userId, userToken, userBody)).status).toBe(403);
    expect((await restore('user', userId, adminToken, { ...userBody, Fields: ['password'] })).status).toBe(400);
    const restored = await restore('user', userId, adminToken, userBody);
    expect(restored.status, restored.text).toBe(200);
    const now = await fieldsOf('user', userId);
    expect([now.value('firstName'), now.value('lastName'), now.value('phoneNumber')]).toEqual([
      was.value('firstName'),
      was.value('lastName'),
      was.value('phoneNumber'),
    ]);
    expect((await restore('user', userId, adminToken, userBody)).status).toBe(422);

    // A template: its content changed, then restored
    const first = await stack.call('POST', '/api/locationPostTemplates/save', {
      token: adminToken,
      body: { TopicType: 'STANDARD', TemplateContent: '<p>Spring opening hours</p>', TemplateLocationIds: [location._id] },
    });
    expect(first.status, first.text).toBe(200);
    const templateId = (first.body as { Data: { Id: string } }).Data.Id;
    const second = await stack.call('POST', '/api/locationPostTemplates/save', {
      token: adminToken,
      body: { Id: templateId, TopicType: 'STANDARD', TemplateContent: '<p>Summer opening hours</p>', TemplateLocationIds: [] },
    });
    expect(second.status, second.text).toBe(200);
    const templateBody = { Position: Number(first.headers.get('x-position')), Fields: ['TemplateContent', 'locations'] };
    expect((await restore('posttemplate', templateId, auditorToken, templateBody)).status).toBe(403);
    expect((await restore('posttemplate', templateId, adminToken, templateBody)).status, 'restore').toBe(200);
    const template = await fieldsOf('posttemplate', templateId);
    expect([template.value('TemplateContent'), template.value('locations')]).toEqual(['<p>Spring opening hours</p>', '1']);
    const other = await stack.tokenFor('CompanyAdmin', 'another-company');
    expect((await restore('posttemplate', templateId, other, templateBody)).status).toBe(404);

    // A company variable's plain value: changed, then restored; a sealed one is not restorable
    const variables = await stack.call('GET', '/api/companyMetaData/variables', { token: adminToken });
    type Variable = { Id: string; VariableName: string; VariableValue: string | null; IsEncrypted: boolean; IsBooleanType: boolean };
    const all = (variables.body as { Data: Variable[] }).Data;
    const plain = all.find((v) => !v.IsEncrypted && !v.IsBooleanType)!;
    expect(plain, variables.text).toBeDefined();
    const set = await stack.call('POST', `/api/companyMetaData/variables/${plain.Id}/value`, {
      token: adminToken,
      body: { VariableValue: 'changed for the audit' },
    });
    expect(set.status, set.text).toBe(200);
    const settingsBody = { Position: Number(set.headers.get('x-position')) - 1, Fields: [plain.VariableName] };
    const settingsBefore = await fieldsOf('companysettings', companyId);
    expect(settingsBefore.Restorable).toContain(plain.VariableName);
    const sealed = all.find((v) => v.IsEncrypted);
    if (sealed) expect(settingsBefore.Restorable).not.toContain(sealed.VariableName);
    expect((await restore('companysettings', companyId, auditorToken, settingsBody)).status).toBe(403);
    expect((await restore('companysettings', companyId, adminToken, settingsBody)).status, 'restore settings').toBe(200);
    expect((await fieldsOf('companysettings', companyId)).value(plain.VariableName)).toBe(plain.VariableValue ?? '');

    await stack.waitForProjections();
    for (const [type, id, label] of [
      ['user', userId, 'restored'],
      ['posttemplate', templateId, 'restored'],
      ['companysettings', companyId, 'restored'],
    ] as const) {
      const page = await stack.call('GET', `/api/audit/history?entityType=${type}&entityId=${id}`, { token: auditorToken });
      const newest = (page.body as { Data: HistoryRow[] }).Data[0]!;
      expect(newest.RestoredFrom, `${type}: ${JSON.stringify(newest)}`).not.toBeNull();
      expect(newest.Label.toLowerCase()).toContain(label);
    }
  });

  it('exports NDJSON and CSV with chained digests that verify against the store, and not after one byte changed', async () => {
    // Google's answer to the restore is in before the export is taken
    await stack.waitForReactors();
    await stack.waitForProjections();
    for (const format of ['ndjson', 'csv'] as const) {
      const res = await stack.call('GET', `/api/audit/history/export?format=${format}`, { token: auditorToken });
      expect(res.status).toBe(200);
      const total = await stack.readModels.collection(HISTORY_COLLECTION).countDocuments({ companyId });
      expect(res.text.trim().split('\n')).toHaveLength(total + (format === 'csv' ? 1 : 0));
      expect(await verifyExport(stack.eventStore, lines(res.text))).toMatchObject({ ok: true, events: total });
      const at = res.text.indexOf(original());
      const altered = `${res.text.slice(0, at)}X${res.text.slice(at + 1)}`;
      expect(await verifyExport(stack.eventStore, lines(altered))).toMatchObject({ ok: false });
    }
  });
});
