import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument, defineRoute } from '@locus/contracts';
import { openApiConformance } from './openapi-conformance';

const getItem = defineRoute({
  name: 'items.get',
  method: 'GET',
  path: '/api/items/:id',
  kind: 'query',
  roles: ['CompanyAdmin'],
  summary: 'One item',
  request: { params: z.object({ id: z.string() }) },
  response: z.object({ Success: z.literal(true), Data: z.object({ Id: z.string(), At: z.iso.datetime() }) }),
});
const exportItems = defineRoute({
  name: 'items.export',
  method: 'GET',
  path: '/api/items/export',
  kind: 'query',
  roles: ['CompanyAdmin'],
  summary: 'Items as CSV',
  answers: { media: ['text/csv'] },
});

const conformance = openApiConformance(buildOpenApiDocument([getItem, exportItems], { title: 'T', version: '1' }));
const json = (status: number, body: unknown) => ({ status, contentType: 'application/json; charset=utf-8', text: JSON.stringify(body) });
const error = { Success: false, ResponseMessage: 'Not found', ApiError: { ErrorCode: 'ITEM.NOT_FOUND', ErrorMessage: 'Not found', Fields: [] } };

describe('answers checked against the OpenAPI document', () => {
  it('accepts answers that match their status, media type and schema', () => {
    expect(conformance.check(getItem, json(200, { Success: true, Data: { Id: 'a', At: '2026-01-01T00:00:00.000Z' } }))).toEqual([]);
    expect(conformance.check(getItem, json(404, error))).toEqual([]);
    expect(conformance.check(exportItems, { status: 200, contentType: 'text/csv; charset=utf-8', text: 'a,b\n' })).toEqual([]);
  });

  it('names an undocumented status, an undocumented media type and a body off its schema', () => {
    expect(conformance.check(getItem, json(409, error))).toEqual(['GET /api/items/{id} 409: status not documented']);
    expect(conformance.check(exportItems, json(200, { Success: true }))[0]).toMatch(/media type application\/json not documented/);
    expect(conformance.check(getItem, json(200, { Success: true, Data: { Id: 1, At: '2026-01-01T00:00:00.000Z' } }))[0]).toMatch(/\/Data\/Id must be string/);
    expect(conformance.check(getItem, json(200, { Success: true, Data: { Id: 'a', At: 'yesterday' } }))[0]).toMatch(/\/Data\/At must match/);
    expect(conformance.check(getItem, json(404, { Success: false }))[0]).toMatch(/must have required property/);
  });
});
