import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCatalogues } from '@locus/contracts';

/**
 * Errors as a catalogue: a code is declared once, in its feature's
 * contracts/src/<feature>/errors.ts, with one message and one kind; handlers throw the entry.
 */
const root = path.resolve(import.meta.dirname, '..');
const entries = Object.entries(errorCatalogues).flatMap(([feature, catalogue]) =>
  Object.entries(catalogue).map(([name, entry]) => ({ where: `${feature}.${name}`, ...entry })),
);

const serverSources = ['contracts/src', 'platform/src', 'command-api/src', 'projectors/src', 'query-api/src'].flatMap((dir) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
    .map((f) => path.join(dir, f)),
);

describe('error catalogue', () => {
  it('gives each code one message and one kind', () => {
    const byCode = new Map<string, string[]>();
    for (const e of entries) byCode.set(e.code, [...(byCode.get(e.code) ?? []), `${e.where}: ${e.kind} "${e.message}"`]);
    const declaredTwice = [...byCode].filter(([, places]) => places.length > 1);
    expect(declaredTwice).toEqual([]);
  });

  it('is the only place a catalogued code is written: handlers throw the entry, not a literal code', () => {
    const codes = new Set(entries.map((e) => e.code));
    const literals = serverSources
      .filter((f) => !/^contracts\/src\/[^/]+\/errors\.ts$/.test(f.split(path.sep).join('/')))
      .flatMap((f) =>
        [...readFileSync(path.join(root, f), 'utf8').matchAll(/['"`]([A-Z][A-Z_]*\.[A-Z][A-Z_0-9]*)['"`]/g)]
          .filter((m) => codes.has(m[1]!))
          .map((m) => `${f}: ${m[1]}`),
      );
    expect(literals).toEqual([]);
  });
});
