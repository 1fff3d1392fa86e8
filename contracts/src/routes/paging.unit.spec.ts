import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BULK_EDIT_OUTCOMES_PAGE_SIZE, BulkEditOutcomesQuerySchema } from '../bulk-edit/routes';
import { HistoryQuerySchema } from '../audit/routes';
import { HISTORY_MAX_PAGE_SIZE, HISTORY_PAGE_SIZE } from '../audit/messages';
import { PagedQuerySchema } from '../users/dto';
import { USERS_PAGE_SIZE } from '../users/messages';
import { pageQueryFields } from './paging';

const messages = (schema: z.ZodType, query: Record<string, string>) => {
  const r = schema.safeParse(query);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('paged list query', () => {
  const schema = z.object(pageQueryFields(15));

  it('defaults to page 1 of the list default size and reads numbers from the query string', () => {
    expect(schema.parse({})).toEqual({ page: 1, pageSize: 15 });
    expect(schema.parse({ page: '3', pageSize: '40' })).toEqual({ page: 3, pageSize: 40 });
  });

  it('names the field and the bound when a value is bad', () => {
    expect(messages(schema, { page: 'x' })).toEqual(['page: page must be a number']);
    expect(messages(schema, { page: '0' })).toEqual(['page: page must be at least 1']);
    expect(messages(schema, { pageSize: '2.5' })).toEqual(['pageSize: pageSize must be an integer']);
    expect(messages(schema, { pageSize: '101' })).toEqual(['pageSize: pageSize must be at most 100']);
  });

  it('each list keeps its own default and largest page', () => {
    expect(PagedQuerySchema.parse({}).pageSize).toBe(USERS_PAGE_SIZE);
    expect(BulkEditOutcomesQuerySchema.parse({}).pageSize).toBe(BULK_EDIT_OUTCOMES_PAGE_SIZE);
    expect(HistoryQuerySchema.parse({}).pageSize).toBe(HISTORY_PAGE_SIZE);
    expect(messages(HistoryQuerySchema, { pageSize: String(HISTORY_MAX_PAGE_SIZE + 1) })).toEqual([
      `pageSize: pageSize must be at most ${HISTORY_MAX_PAGE_SIZE}`,
    ]);
  });
});
