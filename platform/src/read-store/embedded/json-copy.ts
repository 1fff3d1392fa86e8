/**
 * Deep copies of JSON data, several times faster than JSON.parse(JSON.stringify(x)) or
 * structuredClone. The store keeps exactly what JSON would give back after a restart, so
 * anything JSON would change (a Date, undefined, NaN, -0, a class instance, toJSON ...)
 * makes the copy give up and the caller falls back to the JSON round trip.
 */
export const NOT_PLAIN = Symbol('not-plain-json');

export function copyJson(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : NOT_PLAIN;
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) {
        const out = new Array(value.length);
        for (let i = 0; i < value.length; i++) {
          const v = copyJson(value[i]);
          if (v === NOT_PLAIN || v === undefined) return NOT_PLAIN;
          out[i] = v;
        }
        return out;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return NOT_PLAIN;
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        if (key === '__proto__') return NOT_PLAIN; // an own property JSON.parse can make, assignment cannot
        const v = copyJson((value as Record<string, unknown>)[key]);
        if (v === NOT_PLAIN || v === undefined) return NOT_PLAIN;
        out[key] = v;
      }
      return out;
    }
    default:
      return NOT_PLAIN; // undefined, function, symbol, bigint
  }
}

/** A copy of data the store holds (always plain JSON), or of anything else through structuredClone. */
export function copyOut<T>(value: T): T {
  const copy = copyJson(value);
  return copy === NOT_PLAIN ? structuredClone(value) : (copy as T);
}

/**
 * Equality of two plain JSON values (Dates by their time), key order included as MongoDB
 * compares documents; `anyKeyOrder` leaves it aside (the same data, built in another order).
 */
export function jsonEqual(a: unknown, b: unknown, anyKeyOrder = false): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i], anyKeyOrder)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    const keyed = anyKeyOrder ? Object.prototype.hasOwnProperty.call(b, k) : k === kb[i];
    if (!keyed || !jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], anyKeyOrder)) return false;
  }
  return true;
}
