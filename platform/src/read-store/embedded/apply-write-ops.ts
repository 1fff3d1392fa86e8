// mingo's update operators one by one: its updater() builds a fresh operator context on each
// call, which costs several times more than the update itself.
import * as updateOperators from 'mingo/operators/update';
import type { BulkWriteResult, Doc, Filter, UpdateSpec, WriteOp } from '../read-store';
import { InvalidOperationError } from '../read-store-errors';
import { compileFilter, exactId, type DocMatcher } from './doc-filter';
import { copyJson, jsonEqual, NOT_PLAIN } from './json-copy';
import { applySimpleUpdate } from './simple-update';
import type { StagedCollection, StagedDoc } from './staged-collection';

/**
 * Runs a bulkWrite's operations, in order, against a staged collection. Semantics follow
 * MongoDB's (ordered bulkWrite, upserts seeded from the filter's equality fields,
 * `$setOnInsert` only on insert, `_id` immutable); updates use mingo's updater.
 */
export function applyWriteOps(staged: StagedCollection, ops: WriteOp[], newId: () => string, options: { countsUnused?: boolean } = {}): BulkWriteResult {
  const result: BulkWriteResult = {
    insertedCount: 0,
    matchedCount: 0,
    modifiedCount: 0,
    deletedCount: 0,
    upsertedCount: 0,
  };
  const name = staged.name;
  for (const op of ops) {
    if ('insertOne' in op) {
      if (options.countsUnused) staged.insertFresh(toStaged(name, op.insertOne.document));
      else staged.put(toStaged(name, op.insertOne.document), 'insert');
      result.insertedCount++;
    } else if ('replaceOne' in op) {
      const { filter, replacement, upsert } = op.replaceOne;
      assertReplacement(name, replacement);
      const id = upsert && options.countsUnused ? exactId(filter) : undefined;
      if (id !== undefined && (replacement._id === undefined || replacement._id === id)) {
        // A projection's put: an upsert by _id whose counts nobody reads (AtomicBatch). Whether
        // a document is there decides nothing, so it is not looked up (an SQL lookup of a new
        // id for each history line; unique indexes are still checked by put).
        staged.put(toStaged(name, { ...replacement, _id: id }), 'replace');
        continue;
      }
      const current = firstMatch(staged, filter);
      if (current) {
        if (replacement._id !== undefined && replacement._id !== current._id) throw immutableId(name);
        const next = toStaged(name, { ...replacement, _id: current._id });
        result.matchedCount++;
        if (!jsonEqual(next.doc, current)) {
          result.modifiedCount++;
          staged.put(next, 'replace');
        }
      } else if (upsert) {
        const filterId = seedFromFilter(filter)._id;
        if (replacement._id !== undefined && filterId !== undefined && replacement._id !== filterId) throw immutableId(name);
        const _id = replacement._id ?? (filterId as string | undefined) ?? newId();
        staged.put(toStaged(name, { ...replacement, _id }), 'insert');
        result.upsertedCount++;
      }
    } else if ('updateOne' in op) {
      const { filter, update, upsert } = op.updateOne;
      const modifier = splitUpdate(name, update);
      const current = firstMatch(staged, filter);
      if (current) {
        result.matchedCount++;
        if (updateExisting(staged, current, modifier.onUpdate)) result.modifiedCount++;
      } else if (upsert) {
        const seed = seedFromFilter(filter);
        if (seed._id === undefined && modifier.insertId !== undefined) seed._id = modifier.insertId;
        const doc = applyModifier(name, seed, modifier.onInsert);
        if (seed._id !== undefined && doc._id !== seed._id) throw immutableId(name);
        if (doc._id === undefined) doc._id = newId();
        staged.put(toStaged(name, doc), 'insert');
        result.upsertedCount++;
      }
    } else if ('updateMany' in op) {
      const { filter, update } = op.updateMany;
      const modifier = splitUpdate(name, update);
      for (const current of allMatches(staged, filter)) {
        result.matchedCount++;
        if (updateExisting(staged, current, modifier.onUpdate)) result.modifiedCount++;
      }
    } else if ('deleteOne' in op) {
      const id = options.countsUnused ? exactId(op.deleteOne.filter) : undefined;
      if (id !== undefined) {
        // A projection's delete by _id: deleting what is not there deletes nothing, so no lookup.
        staged.delete(id);
        continue;
      }
      const current = firstMatch(staged, op.deleteOne.filter);
      if (current) {
        staged.delete(current._id);
        result.deletedCount++;
      }
    } else if ('deleteMany' in op) {
      for (const current of allMatches(staged, op.deleteMany.filter)) {
        staged.delete(current._id);
        result.deletedCount++;
      }
    } else {
      throw new InvalidOperationError(name, `unknown bulkWrite operation ${Object.keys(op as object).join(', ')}`);
    }
  }
  return result;
}

/** Copies a caller's document into the JSON form the store keeps (so the cache equals the file). */
export function toStaged(collection: string, doc: Record<string, unknown>): StagedDoc {
  if (typeof doc._id !== 'string' || doc._id.length === 0) {
    throw new InvalidOperationError(collection, '_id must be a non-empty string');
  }
  const body = JSON.stringify(doc);
  const copy = copyJson(doc);
  return { doc: (copy === NOT_PLAIN ? JSON.parse(body) : copy) as Doc, body };
}

function matcherFor(filter: Filter | undefined): DocMatcher {
  return compileFilter(filter ?? {});
}

function firstMatch(staged: StagedCollection, filter: Filter): Doc | undefined {
  // The projectors' usual case, {_id: '...'}: no filter to compile.
  const id = exactId(filter);
  if (id !== undefined) return staged.get(id);
  const matcher = matcherFor(filter);
  for (const doc of staged.candidates(filter ?? {})) if (matcher.test(doc)) return doc;
  return undefined;
}

function allMatches(staged: StagedCollection, filter: Filter): Doc[] {
  const matcher = matcherFor(filter);
  return staged.candidates(filter ?? {}).filter((doc) => matcher.test(doc));
}

interface SplitUpdate {
  onUpdate: Record<string, unknown>;
  onInsert: Record<string, unknown>;
  /** `$setOnInsert: {_id}`: the id an upsert inserts with when its filter names none. */
  insertId?: unknown;
}

function splitUpdate(collection: string, update: UpdateSpec): SplitUpdate {
  const keys = Object.keys(update ?? {});
  if (keys.length === 0 || !keys.every((k) => k.startsWith('$'))) {
    throw new InvalidOperationError(collection, 'an update needs operators only ($set, $unset, $inc, ...)');
  }
  if (!('$setOnInsert' in update)) return { onUpdate: update, onInsert: update };
  const { $setOnInsert, ...onUpdate } = update as Record<string, unknown>;
  const { _id: insertId, ...onInsertFields } = ($setOnInsert ?? {}) as Record<string, unknown>;
  const $set = { ...((onUpdate.$set as Record<string, unknown>) ?? {}), ...onInsertFields };
  return { onUpdate, onInsert: { ...onUpdate, $set }, insertId };
}

/** Applies the update to a copy of the current version; stages it when something changed. */
function updateExisting(staged: StagedCollection, current: Doc, modifier: Record<string, unknown>): boolean {
  if (Object.keys(modifier).length === 0) return false; // only $setOnInsert
  const doc = applyModifier(staged.name, copyJson(current) as Record<string, unknown>, modifier);
  if (doc._id !== current._id) throw immutableId(staged.name);
  const next = toStaged(staged.name, doc);
  if (jsonEqual(next.doc, current)) return false;
  staged.put(next, 'replace');
  return true;
}

type UpdateOperator = (expr: Record<string, unknown>) => (doc: Record<string, unknown>) => string[];
const UPDATE_OPERATORS = updateOperators as unknown as Record<string, UpdateOperator | undefined>;

function applyModifier(collection: string, doc: Record<string, unknown>, modifier: Record<string, unknown>): Record<string, unknown> {
  const paths: string[] = [];
  const steps: ((doc: Record<string, unknown>) => string[])[] = [];
  for (const [op, expr] of Object.entries(modifier)) {
    const operator = Object.hasOwn(UPDATE_OPERATORS, op) ? UPDATE_OPERATORS[op] : undefined;
    if (!operator) throw new InvalidOperationError(collection, `unknown update operator ${op}`);
    if (expr === null || typeof expr !== 'object' || Array.isArray(expr)) {
      throw new InvalidOperationError(collection, `${op} needs a document of fields`);
    }
    paths.push(...Object.keys(expr));
    if (op === '$rename') paths.push(...Object.values(expr as Record<string, string>));
    steps.push((d) => operator(expr as Record<string, unknown>)(d));
  }
  assertNoConflict(collection, paths);
  if (applySimpleUpdate(doc, modifier)) return doc;
  try {
    for (const step of steps) step(doc);
  } catch (error) {
    throw new InvalidOperationError(collection, `update failed: ${(error as Error).message}`);
  }
  return doc;
}

/** MongoDB refuses two operators on the same path or on a path and its parent. */
function assertNoConflict(collection: string, paths: string[]): void {
  if (paths.length < 2) return;
  const sorted = [...paths].sort();
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    if (a === b || b.startsWith(a + '.')) {
      throw new InvalidOperationError(collection, `updating the path '${b}' would create a conflict at '${a}'`);
    }
  }
}

function assertReplacement(collection: string, replacement: Doc): void {
  if (!replacement || typeof replacement !== 'object' || Object.keys(replacement).some((k) => k.startsWith('$'))) {
    throw new InvalidOperationError(collection, 'a replacement document cannot contain update operators');
  }
}

function immutableId(collection: string): InvalidOperationError {
  return new InvalidOperationError(collection, "the field '_id' is immutable");
}

/** The document an upsert starts from: the filter's equality fields ($eq, plain values, inside $and). */
export function seedFromFilter(filter: Filter): Record<string, unknown> {
  const seed: Record<string, unknown> = {};
  const visit = (f: Filter) => {
    for (const [key, value] of Object.entries(f ?? {})) {
      if (key === '$and' && Array.isArray(value)) {
        for (const sub of value) visit(sub as Filter);
        continue;
      }
      if (key.startsWith('$') || value instanceof RegExp) continue;
      if (isOperatorObject(value)) {
        if ('$eq' in value) setPath(seed, key, structuredClone(value.$eq));
        continue;
      }
      setPath(seed, key, structuredClone(value));
    }
  };
  visit(filter);
  return seed;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = cur[parts[i]!];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) cur[parts[i]!] = {};
    cur = cur[parts[i]!] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]!] = value;
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}
