import { describe, expect, it } from 'vitest';
import { createEmbeddedReadStore } from '@locus/platform/read-store/embedded-read-store';
import { projections } from './features';

/**
 * Every list query a projection declares (`queries` beside its indexes) runs on the embedded
 * store through an index: its page and its count. A full scan of a collection's table is a
 * failure; so is a filter, sort or count that had to leave SQL for the JavaScript matcher.
 */
const declared = projections.flatMap((p) => p.collections.flatMap((c) => (c.queries ?? []).map((q) => ({ projection: p.name, collection: c, query: q }))));

describe('query plans of the declared list queries (embedded store)', () => {
  it('declares query shapes', () => {
    expect(declared.length).toBeGreaterThan(0);
  });

  it.each(declared.map((d) => [`${d.collection.name}: ${d.query.name}`, d] as const))(
    '%s uses an index, never a full scan',
    async (_title, { collection, query }) => {
      const store = createEmbeddedReadStore({ file: ':memory:' });
      try {
        await store.collection(collection.name).createIndexes(collection.indexes);
        const explained = store.explain(collection.name, { filter: query.filter, sort: query.sort, skip: 25, limit: 25 });
        if (process.env.SHOW_PLANS) console.log(JSON.stringify(explained, null, 1));
        expect(explained.exact, 'the whole filter runs in SQL').toBe(true);
        expect(explained.sortInSql, 'the sort runs in SQL').toBe(true);
        for (const { sql, plan } of explained.statements) {
          const table = `"d:${collection.name}"`;
          const onTable = plan.filter((line) => line.includes(`d:${collection.name}`));
          expect(onTable.length, sql).toBeGreaterThan(0);
          for (const line of onTable)
            expect(line, `${sql}\n${plan.join('\n')}`).toMatch(/^SEARCH .*USING (COVERING )?INDEX|^SEARCH .*USING INTEGER PRIMARY KEY/);
          expect(plan.join('\n')).not.toContain(`SCAN ${table}`);
        }
      } finally {
        await store.close();
      }
    },
  );
});
