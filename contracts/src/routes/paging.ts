import { z } from 'zod';

/**
 * `page` (1-based) and `pageSize` of a paged list's query string, with the messages every list
 * answers a bad value with; lists differ only in their default and largest page size.
 */
export const pageQueryFields = (defaultPageSize: number, maxPageSize = 100) => ({
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be an integer').min(1, 'page must be at least 1').default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be an integer')
    .min(1, 'pageSize must be at least 1')
    .max(maxPageSize, `pageSize must be at most ${maxPageSize}`)
    .default(defaultPageSize),
});

/** A list's `search` box: trimmed, at most 200 characters. */
export const searchQueryField = z.string().trim().max(200, 'search must be at most 200 characters').optional();
