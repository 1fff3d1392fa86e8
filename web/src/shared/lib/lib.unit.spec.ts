import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@locus/contracts';
import { dataQuery, fillPath, requestFor, type BodyOf, type DataOf } from './api-path';
import { formatDate, formatDateTime } from './dates';
import { failureMessage, fieldErrorsOf, listOf, responseMessage } from './envelope';
import { filterRows, matchesGlobalSearch } from './global-search';
import { clampPage, pageCount, pageOf, pageRange, showPaginator } from './pagination';

describe('pagination rules', () => {
  it('shows the paginator only above the page size, or always', () => {
    expect(showPaginator(15, 15, 'above-page-size')).toBe(false);
    expect(showPaginator(16, 15, 'above-page-size')).toBe(true);
    expect(showPaginator(0, 15, 'always')).toBe(true);
    expect(showPaginator(3, 15, 'always')).toBe(true);
  });

  it('counts pages and slices rows', () => {
    expect(pageCount(0, 15)).toBe(1);
    expect(pageCount(15, 15)).toBe(1);
    expect(pageCount(31, 15)).toBe(3);
    const rows = Array.from({ length: 31 }, (_, i) => i);
    expect(pageOf(rows, 2, 15)).toEqual([30]);
    expect(pageOf(rows, 1, 15)).toHaveLength(15);
  });

  it('clamps a page past the end (after a delete) and reports ranges', () => {
    expect(clampPage(5, 16, 15)).toBe(1);
    expect(clampPage(-1, 16, 15)).toBe(0);
    expect(pageRange(1, 16, 15)).toEqual([16, 16]);
    expect(pageRange(0, 0, 15)).toEqual([0, 0]);
  });
});

describe('global search', () => {
  it('matches every word in any field, ignoring case', () => {
    expect(matchesGlobalSearch(['Ada Lovelace', 'ada@x.io', null], 'ada LOVE')).toBe(true);
    expect(matchesGlobalSearch(['Ada Lovelace'], 'ada babbage')).toBe(false);
    expect(matchesGlobalSearch([], '  ')).toBe(true);
    expect(filterRows([{ n: 'a' }, { n: 'b' }], 'B', (r) => [r.n])).toEqual([{ n: 'b' }]);
  });
});

describe('dates', () => {
  it('formats MM/dd/yyyy and MM/dd/yyyy hh:mm a in local time', () => {
    expect(formatDate(new Date(2024, 0, 5, 13, 7))).toBe('01/05/2024');
    expect(formatDateTime(new Date(2024, 0, 5, 13, 7))).toBe('01/05/2024 01:07 PM');
    expect(formatDateTime(new Date(2024, 11, 31, 0, 30))).toBe('12/31/2024 12:30 AM');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });
});

describe('paths from route definitions', () => {
  it('fills and encodes params, drops missing optional ones', () => {
    expect(fillPath('/api/companies/:companyId/admins/:adminId', { companyId: 'a b', adminId: 'x/y' })).toBe('/api/companies/a%20b/admins/x%2Fy');
    expect(fillPath('/api/staff/:companyId/:filter?', { companyId: 'c1' })).toBe('/api/staff/c1');
    expect(() => fillPath('/api/users/:userId', {})).toThrow(/userId/);
  });

  const listRoute = defineRoute({
    name: 'test.list',
    method: 'GET',
    path: '/api/users',
    kind: 'query',
    roles: ['CompanyAdmin'],
    request: { query: z.object({ search: z.string().optional(), page: z.coerce.number().int(), pageSize: z.coerce.number().int() }) },
  });
  const updateRoute = defineRoute({
    name: 'test.update',
    method: 'POST',
    path: '/api/users/:userId/update',
    kind: 'command',
    roles: ['CompanyAdmin'],
    request: { params: z.object({ userId: z.string() }), body: z.object({ A: z.number(), B: z.string().default('') }) },
    response: z.object({ Success: z.literal(true), Data: z.object({ Id: z.string() }) }),
  });

  it('builds a request with method, query without empty values, and body', () => {
    expect(requestFor(listRoute, { query: { search: '', page: 2, pageSize: 15 } })).toEqual({
      url: '/api/users',
      method: 'GET',
      params: { page: 2, pageSize: 15 },
    });
    expect(requestFor(updateRoute, { params: { userId: 'u1' }, body: { A: 1 } })).toEqual({
      url: '/api/users/u1/update',
      method: 'POST',
      body: { A: 1 },
    });
  });

  it('types a request and its answer from the route schemas', () => {
    // The client sends the schemas' input (defaults may be left out) and reads the response type.
    expectTypeOf<BodyOf<typeof updateRoute>>().toEqualTypeOf<{ A: number; B?: string | undefined }>();
    expectTypeOf<DataOf<typeof updateRoute>>().toEqualTypeOf<{ Id: string }>();
    // @ts-expect-error the route's params are required (and the path cannot be filled without them)
    expect(() => requestFor(updateRoute, { body: { A: 1 } })).toThrow(/userId/);
    // Checked by the compiler only (`npm run lint` fails when one of them stops being an error):
    const refusedByTheCompiler = () => [
      // @ts-expect-error A is a number
      requestFor(updateRoute, { params: { userId: 'u1' }, body: { A: '1' } }),
      // @ts-expect-error the route takes no body
      requestFor(listRoute, { query: { page: 1, pageSize: 15 }, body: {} }),
    ];
    void refusedByTheCompiler;
  });

  it("builds a query definition that answers the route's Data, picked when asked", () => {
    const byId = dataQuery(updateRoute)((userId: string) => ({ params: { userId }, body: { A: 2 } }));
    expect(byId.query('u 1')).toEqual({ url: '/api/users/u%201/update', method: 'POST', body: { A: 2 } });
    expect(byId.transformResponse({ Data: { Id: 'x' } })).toEqual({ Id: 'x' });
    expectTypeOf(byId.transformResponse).returns.toEqualTypeOf<{ Id: string }>();
    const picked = dataQuery(updateRoute)(
      (userId: string) => ({ params: { userId }, body: { A: 2 } }),
      (data) => data.Id,
    );
    expect(picked.transformResponse({ Data: { Id: 'x' } })).toBe('x');
    const refusedByTheCompiler = () => [
      // @ts-expect-error the route's answer has no Data
      dataQuery(listRoute)(),
      // @ts-expect-error the options are checked against the route's schemas
      dataQuery(updateRoute)((userId: string) => ({ params: { userId }, body: { A: '2' } })),
    ];
    void refusedByTheCompiler;
  });
});

describe('envelope messages', () => {
  const failure = {
    status: 400,
    data: {
      Success: false,
      ResponseMessage: 'Validation failed',
      ApiError: { ErrorCode: 'X', ErrorMessage: 'Email is required', Fields: [{ Field: 'Email', Message: 'Email is required' }] },
    },
  };

  it('prefers ApiError.ErrorMessage, or ResponseMessage when asked, else the fallback', () => {
    expect(failureMessage(failure, 'fallback')).toBe('Email is required');
    expect(responseMessage(failure, 'fallback')).toBe('Validation failed');
    expect(failureMessage({ status: 'FETCH_ERROR', error: 'offline' }, 'fallback')).toBe('fallback');
    expect(fieldErrorsOf(failure)).toEqual({ Email: 'Email is required' });
  });

  it('reads list payloads from Data or ResponseData', () => {
    expect(listOf({ Success: true, Data: [1] })).toEqual([1]);
    expect(listOf({ Success: true, ResponseData: [2] })).toEqual([2]);
    expect(listOf(undefined)).toEqual([]);
  });
});
