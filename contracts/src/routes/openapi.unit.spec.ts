import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from './route-def';
import { buildOpenApiDocument, toOpenApiPath } from './openapi';
import { routeTable } from './index';

const createItem = defineRoute({
  name: 'items.create',
  method: 'POST',
  path: '/api/companies/:companyId/items',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Create an item',
  request: {
    params: z.object({ companyId: z.uuid() }),
    query: z.object({ dryRun: z.enum(['true', 'false']).optional(), page: z.coerce.number().int() }),
    body: z.object({ Title: z.string().min(1), Tags: z.array(z.string()).default([]) }),
  },
  response: z.object({ Success: z.literal(true), Data: z.object({ Id: z.string() }) }),
  tenantParams: ['companyId'],
});
const upload = defineRoute({
  name: 'items.import',
  method: 'POST',
  path: '/api/items/import',
  kind: 'command',
  roles: ['Anonymous'],
  request: { multipart: true },
});

describe('OpenAPI from the route table', () => {
  it('describes paths, parameters, bodies, responses and security from the zod contracts', () => {
    const doc = buildOpenApiDocument([createItem, upload], { title: 'T', version: '1' });
    expect(doc.openapi).toBe('3.1.0');
    const op = doc.paths['/api/companies/{companyId}/items']!.post as Record<string, any>;
    expect(op.operationId).toBe('items.create');
    expect(op.security).toEqual([{ bearerAuth: [] }]);
    expect(op['x-roles']).toEqual(['CompanyAdmin']);
    expect(op.parameters).toEqual([
      { name: 'companyId', in: 'path', required: true, schema: expect.objectContaining({ type: 'string', format: 'uuid' }) },
      { name: 'dryRun', in: 'query', required: false, schema: expect.objectContaining({ enum: ['true', 'false'] }) },
      { name: 'page', in: 'query', required: true, schema: expect.anything() },
    ]);
    const body = op.requestBody.content['application/json'].schema;
    expect(body.properties.Title).toEqual(expect.objectContaining({ type: 'string', minLength: 1 }));
    expect(body.required).toEqual(['Title']);
    expect(op.responses['200'].content['application/json'].schema.properties.Data.properties.Id).toEqual({ type: 'string' });
    // Error answers are shared components, each an ErrorEnvelope.
    const shared = {
      '400': 'BadRequest',
      '401': 'Unauthorized',
      '403': 'Forbidden',
      '404': 'NotFound',
      '409': 'Conflict',
      '422': 'UnprocessableEntity',
      '429': 'TooManyRequests',
      '500': 'ServerError',
      '503': 'ServiceUnavailable',
    };
    for (const [status, name] of Object.entries(shared)) {
      expect(op.responses[status]).toEqual({ $ref: `#/components/responses/${name}` });
      expect((doc.components.responses[name] as any).content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    }
    expect(doc.servers).toEqual([{ url: '/', description: 'This server' }]);
    expect(doc.components.schemas.ErrorEnvelope).toMatchObject({ required: ['Success', 'ResponseMessage', 'ApiError'] });
    const importOp = doc.paths['/api/items/import']!.post as Record<string, any>;
    expect(importOp.security).toEqual([]);
    expect(importOp.requestBody.content).toHaveProperty('multipart/form-data');
    expect(importOp.responses).not.toHaveProperty('401');
  });

  it('documents file answers by media type, declared extra errors, and a description with who may call', () => {
    const exportRoute = defineRoute({
      name: 'items.export',
      method: 'GET',
      path: '/api/items/export',
      kind: 'query',
      roles: ['CompanyAdmin', 'CompanyUser'],
      summary: 'Items as CSV',
      description: 'Streams every item.',
      answers: { media: ['text/csv', 'application/x-ndjson'], errors: [422] },
    });
    const doc = buildOpenApiDocument([exportRoute, upload], { title: 'T', version: '1' });
    const op = doc.paths['/api/items/export']!.get as Record<string, any>;
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/csv', 'application/x-ndjson']);
    expect(op.responses['422']).toEqual({ $ref: '#/components/responses/UnprocessableEntity' });
    expect(op.responses).not.toHaveProperty('409');
    expect(Object.keys(op.responses)).toEqual(['200', '400', '401', '403', '422', '500', '503']);
    expect(op.description).toMatch(/^Streams every item\.\n\n\*\*Who may call:\*\* company admin, company user, company auditor \(read only\)\./);
    const importOp = doc.paths['/api/items/import']!.post as Record<string, any>;
    expect(importOp.summary).toBe('items.import');
    expect(importOp.description).toMatch(/^\*\*Who may call:\*\* anyone, no token\./);
  });

  it('gives every operation of the table a summary of its own and a description', () => {
    const doc = buildOpenApiDocument(routeTable, { title: 'Locus', version: '1' });
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p) as { operationId: string; summary: string; description: string }[]);
    expect(operations.filter((o) => o.summary === o.operationId).map((o) => o.operationId)).toEqual([]);
    expect(operations.filter((o) => !o.description || o.description.length < 40).map((o) => o.operationId)).toEqual([]);
  });

  it('documents the answers of the table that are not plain JSON 200s', () => {
    const doc = buildOpenApiDocument(routeTable, { title: 'Locus', version: '1' });
    const op = (path: string, method: string) =>
      doc.paths[path]![method] as { responses: Record<string, { content?: Record<string, unknown>; $ref?: string }> };
    expect(Object.keys(op('/api/gmb/{companyId}/locations-export', 'get').responses['200']!.content!)).toEqual(['text/csv']);
    expect(Object.keys(op('/api/audit/history/export', 'get').responses['200']!.content!)).toEqual(['text/csv', 'application/x-ndjson']);
    expect(op('/api/localeze/list-directories/{id}', 'get').responses['422']).toEqual({ $ref: '#/components/responses/UnprocessableEntity' });
    expect(op('/api/auth/login', 'post').responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(Object.keys(op('/api/auth/signup', 'post').responses)).toContain('201');
    expect(Object.keys(op('/api/gmb/publish-location/{id}', 'post').responses)).toEqual(expect.arrayContaining(['200', '202']));
    // Integers carry no ±2^53-1 bounds (the reference would show the lower one as the example).
    expect(JSON.stringify(doc)).not.toContain(String(Number.MAX_SAFE_INTEGER));
  });

  it('converts every route of the table', () => {
    const doc = buildOpenApiDocument(routeTable, { title: 'Locus', version: '1' });
    const operations = Object.values(doc.paths).flatMap((p) => Object.keys(p));
    expect(operations).toHaveLength(routeTable.length);
    expect(toOpenApiPath('/api/a/:id/b/:other')).toBe('/api/a/{id}/b/{other}');
  });
});
