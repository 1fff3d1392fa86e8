import type { Doc, Projection } from '../read-store';

/** Not answered here: the caller hands the projection to mingo. */
export const NEEDS_MINGO = Symbol('needs-mingo');

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An inclusion projection (`{ _id: 1, 'profile.Title': 1 }`) picked straight out of each
 * document. mingo's `$project` built a pipeline and walked each path through its general
 * resolver: a page of 1,000 locations' titles cost more than reading the documents. Anything
 * this does not answer exactly as MongoDB would — exclusions, operators, a path through an
 * array or a scalar, paths inside each other — is left to mingo (`NEEDS_MINGO`). The documents
 * given are not changed and the answers share their values (the store copies what it hands out).
 */
export function projectInclusion(docs: readonly Doc[], projection: Projection): Doc[] | typeof NEEDS_MINGO {
  const withId = projection._id !== 0;
  const paths: string[][] = [];
  for (const [key, value] of Object.entries(projection)) {
    if (key === '_id') continue;
    if (value !== 1 || key.includes('$') || key === '') return NEEDS_MINGO;
    paths.push(key.split('.'));
  }
  if (paths.length === 0) return NEEDS_MINGO;
  const joined = paths.map((p) => p.join('.'));
  for (const a of joined) for (const b of joined) if (a !== b && b.startsWith(`${a}.`)) return NEEDS_MINGO;

  const out: Doc[] = new Array(docs.length);
  for (let d = 0; d < docs.length; d++) {
    const doc = docs[d]!;
    const picked: Record<string, unknown> = {};
    if (withId && doc._id !== undefined) picked._id = doc._id;
    for (const path of paths) {
      let from: unknown = doc;
      let into = picked;
      for (let i = 0; i < path.length; i++) {
        const segment = path[i]!;
        const value = (from as Record<string, unknown>)[segment];
        if (value === undefined) break;
        if (i === path.length - 1) {
          into[segment] = value;
          break;
        }
        if (!isPlainObject(value)) return NEEDS_MINGO;
        const existing = into[segment];
        const next: Record<string, unknown> = isPlainObject(existing) ? existing : {};
        into[segment] = next;
        into = next;
        from = value;
      }
    }
    out[d] = picked as Doc;
  }
  return out;
}
