import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMessages, type Staff } from '@locus/contracts';
import { startFeatureStack, type FeatureStack } from '../settings/testing/feature-stack';

let stack: FeatureStack;
let a: Awaited<ReturnType<FeatureStack['createCompany']>>;
let b: Awaited<ReturnType<FeatureStack['createCompany']>>;

beforeAll(async () => {
  stack = await startFeatureStack();
  a = await stack.createCompany('Acme Dental');
  b = await stack.createCompany('Bravo Realty');
});
afterAll(() => stack?.close());

const create = (company: typeof a, body: Record<string, unknown>, token = company.user) =>
  stack.call('POST', `/api/staff/${company.companyId}/create`, token, body);
const list = async (company: typeof a, filter?: string): Promise<Staff[]> => {
  const res = await stack.call('GET', `/api/staff/${company.companyId}${filter === undefined ? '' : `/${encodeURIComponent(filter)}`}`, company.user);
  expect(res.status).toBe(200);
  return res.body.Data;
};

describe('staff API', () => {
  it('creates staff members and lists them newest first', async () => {
    const first = await create(a, { FirstName: 'Olivia', LastName: 'Garcia', Email: 'olivia.garcia@acme.test', PhoneNumber: '+1 512 555 0101' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ Success: true, ResponseMessage: staffMessages.created });
    stack.clock.advance(1000);
    const second = await create(a, { FirstName: 'Noah', Email: 'noah@acme.test' });
    const rows = await list(a);
    expect(rows.map((r) => r.Id)).toEqual([second.body.Data.Id, first.body.Data.Id]);
    expect(rows[1]).toEqual({
      Id: first.body.Data.Id,
      FirstName: 'Olivia',
      LastName: 'Garcia',
      Email: 'olivia.garcia@acme.test',
      PhoneNumber: '+1 512 555 0101',
      CreatedDate: expect.any(String),
    });
    expect(rows[0]).toMatchObject({ LastName: '', PhoneNumber: '' });
  });

  it('filters over name, email and phone, ignoring case', async () => {
    expect((await list(a, 'GARCIA')).map((r) => r.FirstName)).toEqual(['Olivia']);
    expect((await list(a, 'olivia garcia')).map((r) => r.FirstName)).toEqual(['Olivia']);
    expect((await list(a, 'noah@')).map((r) => r.FirstName)).toEqual(['Noah']);
    expect((await list(a, '555 0101')).map((r) => r.FirstName)).toEqual(['Olivia']);
    expect(await list(a, 'nobody')).toEqual([]);
  });

  it('rejects bad input naming the field', async () => {
    const res = await create(a, { FirstName: '', Email: 'not-an-email', PhoneNumber: 'call me' });
    expect(res.status).toBe(400);
    expect((res.body.ApiError.Fields as { Field: string }[]).map((f) => f.Field).sort()).toEqual(['Email', 'FirstName', 'PhoneNumber']);
  });

  it('updates and deactivates', async () => {
    const id = (await create(a, { FirstName: 'Mia', Email: 'mia@acme.test' })).body.Data.Id;
    const upd = await stack.call('POST', `/api/staff/${a.companyId}/update/${id}`, a.user, { FirstName: 'Mia', LastName: 'Chen', Email: 'mia.chen@acme.test' });
    expect(upd.body).toMatchObject({ Success: true, ResponseMessage: staffMessages.updated });
    expect((await list(a)).find((r) => r.Id === id)).toMatchObject({ LastName: 'Chen', Email: 'mia.chen@acme.test' });
    const del = await stack.call('DELETE', `/api/staff/${a.companyId}/deactivate/${id}`, a.user);
    expect(del.body).toMatchObject({ Success: true, ResponseMessage: staffMessages.deactivated });
    expect((await list(a)).some((r) => r.Id === id)).toBe(false);
    expect((await stack.call('DELETE', `/api/staff/${a.companyId}/deactivate/${id}`, a.user)).status).toBe(404);
    expect((await stack.call('POST', `/api/staff/${a.companyId}/update/${id}`, a.user, { FirstName: 'Mia', Email: 'mia@acme.test' })).status).toBe(404);
  });

  it("answers 404 for another company's id and 403 for other roles", async () => {
    const bravo = (await create(b, { FirstName: 'Liam', Email: 'liam@bravo.test' })).body.Data.Id;
    expect((await stack.call('GET', `/api/staff/${b.companyId}`, a.user)).status).toBe(404);
    expect((await stack.call('POST', `/api/staff/${b.companyId}/create`, a.user, { FirstName: 'X', Email: 'x@x.test' })).status).toBe(404);
    expect((await stack.call('POST', `/api/staff/${a.companyId}/update/${bravo}`, a.user, { FirstName: 'X', Email: 'x@x.test' })).status).toBe(404);
    expect((await stack.call('DELETE', `/api/staff/${a.companyId}/deactivate/${bravo}`, a.user)).status).toBe(404);
    expect((await list(b)).map((r) => r.FirstName)).toEqual(['Liam']);
    expect((await stack.call('GET', `/api/staff/${a.companyId}`, a.admin)).status).toBe(403);
    expect((await stack.call('GET', `/api/staff/${a.companyId}`)).status).toBe(401);
  });

  it("answers another company's staff list and member with one not-found error, whichever API serves it", async () => {
    const bravo = (await create(b, { FirstName: 'Noah', Email: 'noah@bravo.test' })).body.Data.Id;
    const list = await stack.call('GET', `/api/staff/${b.companyId}`, a.user);
    const member = await stack.call('POST', `/api/staff/${a.companyId}/update/${bravo}`, a.user, { FirstName: 'X', Email: 'x@x.test' });
    const errorOf = (r: { body: unknown }) => (r.body as { ApiError: { ErrorCode: string; ErrorMessage: string } }).ApiError;
    expect(errorOf(list)).toMatchObject({ ErrorCode: 'STAFF.NOT_FOUND', ErrorMessage: 'The staff member was not found' });
    expect(errorOf(member)).toMatchObject({ ErrorCode: 'STAFF.NOT_FOUND', ErrorMessage: 'The staff member was not found' });
  });
});
