import { Query } from 'mingo';
import type { Doc, Filter } from '../read-store';

/**
 * Filters for the embedded read store. mingo is the reference for MongoDB semantics; on top
 * of it sits a small compiled fast path for the filters screens send all the time (equality,
 * $in, ranges, $exists, $regex, $and/$or/$nor over scalar fields). The fast path answers
 * only when the values it meets are scalars; a document where it meets an array or an
 * embedded document is handed to mingo, and so is any filter it does not fully understand.
 * filter-compiler.unit.spec.ts checks both agree on random documents and filters.
 */

export type Scalar = string | number | boolean | null;

/** path -> the values it must equal (any of them), taken from top-level equality / $eq / $in. */
export type EqualityConstraints = Map<string, Scalar[]>;

export interface DocMatcher {
  test(doc: Doc): boolean;
  readonly constraints: EqualityConstraints;
  /** True when the compiled fast path covers the filter (mingo is still used per document when needed). */
  readonly compiled: boolean;
}

const NO = 0;
const YES = 1;
const UNSURE = 2;
type Tri = typeof NO | typeof YES | typeof UNSURE;
type FastTest = (doc: Doc) => Tri;

/** Marks a path that walked through an array: only mingo knows the answer. */
const THROUGH_ARRAY = Symbol('through-array');

export function isScalar(value: unknown): value is Scalar {
  if (value === null) return true;
  const t = typeof value;
  return t === 'string' || t === 'boolean' || (t === 'number' && !Number.isNaN(value));
}

/** Value at a dotted path; undefined when missing, THROUGH_ARRAY when an array is on the way. */
export function resolvePath(doc: unknown, parts: readonly string[]): unknown {
  let cur: unknown = doc;
  for (const part of parts) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (Array.isArray(cur)) return THROUGH_ARRAY;
    cur = Object.hasOwn(cur, part) ? (cur as Record<string, unknown>)[part] : undefined;
  }
  return cur;
}

export function isThroughArray(value: unknown): boolean {
  return value === THROUGH_ARRAY;
}

/** The id of a filter that is exactly `{ _id: '<string>' }`, else undefined. */
export function exactId(filter: Filter | undefined): string | undefined {
  if (!filter) return undefined;
  const keys = Object.keys(filter);
  return keys.length === 1 && keys[0] === '_id' && typeof filter._id === 'string' ? filter._id : undefined;
}

export function compileFilter(filter: Filter): DocMatcher {
  const constraints: EqualityConstraints = new Map();
  collectConstraints(filter, constraints);
  if (Object.keys(filter).length === 0) return { test: () => true, constraints, compiled: true };

  let mingoQuery: Query | undefined;
  const viaMingo = (doc: Doc) => {
    mingoQuery ??= new Query(filter as Record<string, unknown>, {});
    return mingoQuery.test(doc);
  };

  const fast = compileDocument(filter);
  if (!fast) {
    // Build it now so a malformed filter fails here, even when there is nothing to match.
    mingoQuery = new Query(filter as Record<string, unknown>, {});
    return { test: viaMingo, constraints, compiled: false };
  }
  return {
    test: (doc) => {
      const r = fast(doc);
      return r === UNSURE ? viaMingo(doc) : r === YES;
    },
    constraints,
    compiled: true,
  };
}

function collectConstraints(filter: Filter, out: EqualityConstraints): void {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const sub of value) if (isPlainObject(sub)) collectConstraints(sub, out);
      continue;
    }
    if (key.startsWith('$') || out.has(key)) continue;
    if (isScalar(value)) {
      out.set(key, [value]);
    } else if (isOperatorObject(value)) {
      if ('$eq' in value && isScalar(value.$eq)) out.set(key, [value.$eq]);
      else if (Array.isArray(value.$in) && value.$in.every(isScalar)) out.set(key, value.$in as Scalar[]);
    }
  }
}

// ---- compiled fast path ----------------------------------------------------------------

function compileDocument(filter: Filter): FastTest | null {
  const parts: FastTest[] = [];
  for (const [key, value] of Object.entries(filter)) {
    let t: FastTest | null;
    if (key === '$and' || key === '$or' || key === '$nor') t = compileLogical(key, value);
    else if (key === '$comment') continue;
    else if (key.startsWith('$')) return null;
    else t = compileField(key, value);
    if (!t) return null;
    parts.push(t);
  }
  return allOf(parts);
}

function compileLogical(op: '$and' | '$or' | '$nor', value: unknown): FastTest | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const subs: FastTest[] = [];
  for (const sub of value) {
    if (!isPlainObject(sub)) return null;
    const t = compileDocument(sub);
    if (!t) return null;
    subs.push(t);
  }
  if (op === '$and') return allOf(subs);
  const any = anyOf(subs);
  if (op === '$or') return any;
  return (doc) => {
    const r = any(doc);
    return r === UNSURE ? UNSURE : r === YES ? NO : YES;
  };
}

function allOf(tests: FastTest[]): FastTest {
  if (tests.length === 1) return tests[0]!;
  return (doc) => {
    let result: Tri = YES;
    for (const t of tests) {
      const r = t(doc);
      if (r === NO) return NO;
      if (r === UNSURE) result = UNSURE;
    }
    return result;
  };
}

function anyOf(tests: FastTest[]): FastTest {
  if (tests.length === 1) return tests[0]!;
  return (doc) => {
    let result: Tri = NO;
    for (const t of tests) {
      const r = t(doc);
      if (r === YES) return YES;
      if (r === UNSURE) result = UNSURE;
    }
    return result;
  };
}

/** A predicate over the scalar (or missing) value at a path. */
type ScalarTest = (value: Scalar | undefined) => boolean;

function compileField(path: string, condition: unknown): FastTest | null {
  const get = pathGetter(path.split('.'));
  let scalarTest: ScalarTest | null;
  let existsOnly: boolean | undefined;

  if (isScalar(condition)) scalarTest = equals(condition);
  else if (condition instanceof RegExp) scalarTest = regexTest(condition.source, condition.flags);
  else if (isOperatorObject(condition)) {
    const ops = compileOperators(condition);
    if (!ops) return null;
    scalarTest = ops.test;
    existsOnly = ops.existsOnly;
  } else return null;
  if (!scalarTest) return null;
  const test = scalarTest;

  return (doc) => {
    const value = get(doc);
    if (value === undefined) return test(undefined) ? YES : NO;
    const type = typeof value;
    if (type === 'string' || type === 'boolean' || value === null) return test(value as Scalar) ? YES : NO;
    if (type === 'number') return value !== value ? UNSURE : test(value as number) ? YES : NO; // NaN: mingo
    if (value === THROUGH_ARRAY) return UNSURE;
    if (type === 'object') {
      // An array or embedded document: only $exists is decidable here.
      if (existsOnly !== undefined) return existsOnly ? YES : NO;
    }
    return UNSURE;
  };
}

/**
 * Reads a dotted path, specialised for the short paths filters use. Plain property reads are
 * safe here because documents are plain JSON objects: names that Object.prototype also has
 * (constructor, __proto__ ...) go through the own-property check of resolvePath.
 */
export type PathGetter = (doc: Doc) => unknown;

export function pathGetter(parts: string[]): PathGetter {
  if (parts.some((p) => p in Object.prototype)) return (doc) => resolvePath(doc, parts);
  if (parts.length === 1) {
    const a = parts[0]!;
    return (doc) => (doc as Record<string, unknown>)[a];
  }
  if (parts.length === 2) {
    const a = parts[0]!;
    const b = parts[1]!;
    return (doc) => {
      const x = (doc as Record<string, unknown>)[a];
      if (x === null || typeof x !== 'object') return undefined;
      if (Array.isArray(x)) return THROUGH_ARRAY;
      return (x as Record<string, unknown>)[b];
    };
  }
  return (doc) => resolvePath(doc, parts);
}

function compileOperators(condition: Record<string, unknown>): { test: ScalarTest; existsOnly: boolean | undefined } | null {
  const tests: ScalarTest[] = [];
  let existsOnly: boolean | undefined;
  const keys = Object.keys(condition);
  for (const op of keys) {
    const arg = condition[op];
    switch (op) {
      case '$eq':
        if (!isScalar(arg)) return null;
        tests.push(equals(arg));
        break;
      case '$ne':
        if (!isScalar(arg)) return null;
        tests.push(not(equals(arg)));
        break;
      case '$in':
      case '$nin': {
        if (!Array.isArray(arg) || !arg.every(isScalar)) return null;
        const t = inList(arg as Scalar[]);
        tests.push(op === '$in' ? t : not(t));
        break;
      }
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        const t = range(op, arg);
        if (!t) return null;
        tests.push(t);
        break;
      }
      case '$exists': {
        const want = Boolean(arg);
        existsOnly = want;
        tests.push((v) => (v !== undefined) === want);
        break;
      }
      case '$regex': {
        const options = condition.$options;
        if (options !== undefined && typeof options !== 'string') return null;
        let t: ScalarTest | null;
        if (typeof arg === 'string') t = regexTest(arg, options ?? '');
        else if (arg instanceof RegExp) t = regexTest(arg.source, options ?? arg.flags);
        else return null;
        if (!t) return null;
        tests.push(t);
        break;
      }
      case '$options':
        if (!('$regex' in condition)) return null;
        break;
      default:
        return null;
    }
  }
  if (tests.length === 0) return null;
  // $exists decides alone only when it is the single operator.
  const onlyExists = keys.length === 1 && keys[0] === '$exists' ? existsOnly : undefined;
  if (tests.length === 1) return { test: tests[0]!, existsOnly: onlyExists };
  return { test: (v) => tests.every((t) => t(v)), existsOnly: onlyExists };
}

function equals(target: Scalar): ScalarTest {
  if (target === null) return (v) => v === null || v === undefined;
  return (v) => v === target;
}

function inList(list: Scalar[]): ScalarTest {
  const set = new Set<Scalar>(list);
  const hasNull = set.has(null);
  return (v) => (v === undefined || v === null ? hasNull : set.has(v));
}

function not(t: ScalarTest): ScalarTest {
  return (v) => !t(v);
}

function range(op: '$gt' | '$gte' | '$lt' | '$lte', bound: unknown): ScalarTest | null {
  // MongoDB compares within one type bracket only: numbers with numbers, strings with strings.
  const type = typeof bound;
  if (!(type === 'number' && !Number.isNaN(bound)) && type !== 'string') return null;
  const b = bound as number | string;
  switch (op) {
    case '$gt':
      return (v) => typeof v === type && (v as typeof b) > b;
    case '$gte':
      return (v) => typeof v === type && (v as typeof b) >= b;
    case '$lt':
      return (v) => typeof v === type && (v as typeof b) < b;
    case '$lte':
      return (v) => typeof v === type && (v as typeof b) <= b;
  }
}

function regexTest(source: string, options: string): ScalarTest | null {
  // MongoDB options i m s u map to JS flags; x (extended) has no JS twin, so mingo decides.
  let flags = options.replace(/[gyd]/g, ''); // stateless tests only
  if (!/^[imsu]*$/.test(flags)) return null;
  // A plain ASCII needle searched case-insensitively (the directory search) runs faster as
  // letter classes: /hotel/i -> /[hH][oO][tT][eE][lL]/, same matches.
  if (flags.includes('i') && !flags.includes('u') && /^[A-Za-z0-9 _,-]+$/.test(source)) {
    source = source.replace(/[A-Za-z]/g, (c) => `[${c.toLowerCase()}${c.toUpperCase()}]`);
    flags = flags.replace('i', '');
  }
  let re: RegExp;
  try {
    re = new RegExp(source, flags);
  } catch {
    return null;
  }
  return (v) => typeof v === 'string' && re.test(v);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}
