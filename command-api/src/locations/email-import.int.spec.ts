import { emptyProfile } from '@locus/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCATION_EMAILS_IMPORT_PROGRESS_NOTIFICATION,
  LOCATIONS_COLLECTION,
  locationStream,
  subjects,
  SYSTEM_ACTOR,
  type LocationDoc,
  type LocationEmailsImportProgress,
  type NotificationMessage,
} from '@locus/contracts';
import { startLocationsTestStack, type LocationsTestStack } from './testing/stack';

let stack: LocationsTestStack;
let company: Awaited<ReturnType<LocationsTestStack['seedCompany']>>;
const HEADER = 'FirstName,LastName,StoreCode,EmailAddress';
const LOCATIONS = 500;
const code = (i: number) => `EM-${String(i).padStart(4, '0')}`;
const ids: string[] = [];

async function upload(text: string, name = 'emails.csv', token = company.adminToken) {
  const form = new FormData();
  form.append('csvFile', new Blob([text], { type: 'text/csv' }), name);
  const res = await fetch(`${stack.baseUrl}/api/gmb/import-email`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

const locationOf = async (i: number) => {
  await stack.waitForProjections();
  return (await stack.deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).findOne({ _id: ids[i]! }))!;
};

beforeAll(async () => {
  stack = await startLocationsTestStack();
  company = await stack.seedCompany();
  for (let i = 0; i < LOCATIONS; i++) {
    const locationId = randomUUID();
    ids.push(locationId);
    await stack.deps.eventStore.append(locationStream(locationId), [
      {
        id: randomUUID(),
        type: 'LocationCreated',
        data: {
          locationId,
          companyId: company.companyId,
          connectionId: 'c',
          accountName: 'accounts/1',
          accountDisplayName: 'Account',
          profile: { ...emptyProfile(), Title: `Store ${i}`, StoreCode: code(i), OwnerFirstName: 'Old', OwnerLastName: 'Owner' },
          hours: [],
          attributes: {},
        },
        metadata: { companyId: company.companyId, actor: SYSTEM_ACTOR, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
      },
    ]);
  }
  await stack.waitForProjections();
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

describe('CSV email import: one test per rule', () => {
  it('refuses a file whose name does not end .csv', async () => {
    const res = await upload(`${HEADER}\nA,B,${code(0)},a@example.com`, 'emails.txt');
    expect(res.status).toBe(400);
    expect(res.body.ResponseMessage).toBe('Only CSV files are allowed.');
  });

  it('refuses headers that are not exactly FirstName, LastName, StoreCode, EmailAddress', async () => {
    for (const header of ['FirstName,LastName,EmailAddress,StoreCode', 'FirstName,LastName,StoreCode', 'firstname,lastname,storecode,emailaddress', '']) {
      const res = await upload(`${header}\nA,B,${code(0)},a@example.com`);
      expect(res.status, header).toBe(400);
      expect(res.body.ResponseMessage).toBe('CSV headers must be exactly: FirstName, LastName, StoreCode, EmailAddress');
    }
  });

  it('refuses a file with no data row (blank lines do not count)', async () => {
    const res = await upload(`${HEADER}\n\n,,,\n\n`);
    expect(res.status).toBe(400);
    expect(res.body.ResponseMessage).toBe('The CSV file must contain at least one data row.');
  });

  it('skips rows whose email is not an address, naming them, and imports the others', async () => {
    const res = await upload(`${HEADER}\nAnn,Lee,${code(1)},ann@example.com\nBob,Ray,${code(2)},not-an-email\nCy,Fox,${code(3)},\n`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ Success: true, ResponseData: 1, ResponseMessage: 'Successfully updated email addresses for 1 location(s).' });
    expect(res.body.Warning).toBe('Skipped 2 invalid email(s): not-an-email, (empty)');
    expect((await locationOf(1)).profile).toMatchObject({ PrimaryEmail: 'ann@example.com', OwnerFirstName: 'Ann', OwnerLastName: 'Lee' });
    expect((await locationOf(2)).profile.PrimaryEmail).toBeNull();
  });

  it('answers "No valid records to import." when no row is valid', async () => {
    const res = await upload(`${HEADER}\nA,B,${code(4)},nope\nC,D,${code(5)},also@nope`);
    expect(res.status).toBe(400);
    expect(res.body.ResponseMessage).toBe('No valid records to import.');
    expect(JSON.stringify(res.body)).toContain('Skipped 2 invalid email(s): nope, also@nope');
  });

  it('ignores blank lines between rows', async () => {
    const res = await upload(`${HEADER}\n\nA,B,${code(6)},six@example.com\n\n\nC,D,${code(7)},seven@example.com\n`);
    expect(res.body).toMatchObject({ ResponseData: 2, Warning: null });
  });

  it('imports one row per store code: later duplicates are skipped and named', async () => {
    const res = await upload(`${HEADER}\nA,B,${code(8)},first@example.com\nC,D,${code(8).toLowerCase()},second@example.com`);
    expect(res.body).toMatchObject({ ResponseData: 1 });
    expect(res.body.Warning).toBe(`Skipped 1 duplicate row(s) for store code(s): ${code(8).toLowerCase()}`);
    expect((await locationOf(8)).profile.PrimaryEmail).toBe('first@example.com');
  });

  it("matches each store code to the one location of the company that holds it; another company's or an unknown code is skipped", async () => {
    const other = await stack.seedCompany('Other Co');
    const res = await upload(`${HEADER}\nA,B,${code(9)},nine@example.com\nA,B,NO-SUCH,x@example.com`, 'emails.CSV', other.adminToken);
    expect(res.status).toBe(400);
    expect(res.body.ResponseMessage).toBe('No valid records to import.');
    expect((await locationOf(9)).profile.PrimaryEmail).toBeNull();
    const own = await upload(`${HEADER}\nA,B,${code(9)},nine@example.com\nA,B,NO-SUCH,x@example.com`);
    expect(own.body).toMatchObject({ ResponseData: 1, Warning: 'Skipped 1 unknown store code(s): NO-SUCH' });
    expect((await locationOf(9)).profile.PrimaryEmail).toBe('nine@example.com');
  });

  it('is for company admins only', async () => {
    expect((await upload(`${HEADER}\nA,B,${code(0)},a@example.com`, 'emails.csv', company.userToken)).status).toBe(403);
  });

  it('imports a 500-row file with live progress to 100 % and updates 500 locations', async () => {
    const progress: LocationEmailsImportProgress[] = [];
    stack.deps.bus.subscribe(subjects.companyNotification(company.companyId, LOCATION_EMAILS_IMPORT_PROGRESS_NOTIFICATION), (msg) => {
      progress.push((msg.data as NotificationMessage<LocationEmailsImportProgress>).payload);
    });
    const rows = ids.map((_, i) => `Owner${i},Family${i},${code(i)},owner${i}@bulk.example.com`);
    const res = await upload([HEADER, ...rows].join('\r\n'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ResponseData: 500, ResponseMessage: 'Successfully updated email addresses for 500 location(s).', Warning: null });
    await new Promise((r) => setImmediate(r));
    const percents = progress.map((p) => p.percent);
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(100);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.length).toBeGreaterThan(10);
    await stack.waitForProjections();
    const docs = await stack.deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).find({ companyId: company.companyId });
    const byCode = new Map(docs.map((d) => [d.profile.StoreCode, d.profile]));
    for (let i = 0; i < LOCATIONS; i++) expect(byCode.get(code(i))).toMatchObject({ PrimaryEmail: `owner${i}@bulk.example.com`, OwnerFirstName: `Owner${i}` });
  }, 60_000);
});
