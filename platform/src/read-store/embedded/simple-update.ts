/**
 * The updates projections send most ($set, $unset, $inc on plain dotted paths through
 * embedded documents), applied directly: mingo's update operators cost several times more
 * per document. Anything else — other operators, array elements or positional paths, a
 * path through an array or a scalar, $inc of a non-number, `_id` — returns false without
 * touching the document, and mingo applies the update instead.
 */
export function applySimpleUpdate(doc: Record<string, unknown>, modifier: Record<string, unknown>): boolean {
  const steps: (() => void)[] = [];
  for (const [op, expr] of Object.entries(modifier)) {
    if (op !== '$set' && op !== '$unset' && op !== '$inc') return false;
    for (const [path, value] of Object.entries(expr as Record<string, unknown>)) {
      const parts = path.split('.');
      if (parts[0] === '_id' || !parts.every(isPlainSegment)) return false;
      const parent = parentOf(doc, parts);
      if (parent === false) return false;
      const last = parts[parts.length - 1]!;
      if (op === '$set') {
        steps.push(() => {
          ensureParent(doc, parts)[last] = value;
        });
      } else if (op === '$unset') {
        if (parent) steps.push(() => void delete parent[last]);
      } else {
        const current = parent ? parent[last] : undefined;
        if (typeof value !== 'number' || !Number.isFinite(value)) return false;
        if (current !== undefined && (typeof current !== 'number' || !Number.isFinite(current))) return false;
        steps.push(() => {
          ensureParent(doc, parts)[last] = ((current as number | undefined) ?? 0) + value;
        });
      }
    }
  }
  for (const step of steps) step();
  return true;
}

function isPlainSegment(part: string): boolean {
  return part.length > 0 && !part.startsWith('$') && !/^\d+$/.test(part) && !(part in Object.prototype);
}

/**
 * The embedded document holding the last segment: an object, null when some level is
 * missing ($set and $inc create it), false when a level is an array or a scalar.
 */
function parentOf(doc: Record<string, unknown>, parts: string[]): Record<string, unknown> | null | false {
  let cur: Record<string, unknown> = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = cur[parts[i]!];
    if (next === undefined) return null;
    if (next === null || typeof next !== 'object' || Array.isArray(next)) return false;
    cur = next as Record<string, unknown>;
  }
  return cur;
}

function ensureParent(doc: Record<string, unknown>, parts: string[]): Record<string, unknown> {
  let cur = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    let next = cur[parts[i]!];
    if (next === undefined) cur[parts[i]!] = next = {};
    cur = next as Record<string, unknown>;
  }
  return cur;
}
