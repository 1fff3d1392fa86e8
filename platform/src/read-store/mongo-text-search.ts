import type { Doc, Filter, IndexSpec, Projection, UpdateSpec } from './read-store';
import { InvalidOperationError } from './read-store-errors';
import { seedFromFilter } from './embedded/apply-write-ops';
import { literalOf } from './embedded/sql-query';

/**
 * Substring search on MongoDB the way the embedded store does it with its trigram FTS table.
 * MongoDB's own 'text' index answers word searches only, never `$regex`, so a declared 'text'
 * field instead gets a derived array of the trigrams of its values (`_ngrams`, one per document,
 * all text fields together as the embedded FTS row is), with an ordinary multikey index. A
 * `$regex` on a text field whose pattern is a plain literal of three characters or more also
 * asks for `_ngrams: { $all: [its trigrams] }`, which the index answers; the `$regex` stays, so
 * results are exact. The field is written by the adapter alone and never read back.
 */
export const NGRAM_FIELD = '_ngrams';
const NGRAM_LENGTH = 3;
/** Marks, in an index's name, that its key holds the n-gram field, and of which text fields. */
const NGRAM_INDEX_MARK = '@ngrams:';

/** The distinct trigrams (by code point, case kept) of a text. */
export function ngramsOf(text: string): string[] {
  const out = new Set<string>();
  if (!SURROGATE.test(text)) {
    // One code unit a character: slices of the string itself (most texts, and several times faster).
    for (let i = 0; i + NGRAM_LENGTH <= text.length; i++) out.add(text.slice(i, i + NGRAM_LENGTH));
    return [...out];
  }
  const chars = [...text];
  for (let i = 0; i + NGRAM_LENGTH <= chars.length; i++) out.add(chars.slice(i, i + NGRAM_LENGTH).join(''));
  return [...out];
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** The strings at a path, through arrays as MongoDB's matcher walks them. */
function stringsAt(value: unknown, parts: readonly string[], out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) stringsAt(item, parts, out);
    return;
  }
  if (parts.length === 0) {
    if (typeof value === 'string') out.push(value);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  stringsAt((value as Record<string, unknown>)[parts[0]!], parts.slice(1), out);
}

/** The n-gram array of a document: the trigrams of every string its text fields hold. */
export function documentNgrams(doc: Record<string, unknown>, textFields: readonly string[]): string[] {
  const out = new Set<string>();
  for (const field of textFields) {
    const texts: string[] = [];
    stringsAt(doc, field.split('.'), texts);
    for (const text of texts) for (const gram of ngramsOf(text)) out.add(gram);
  }
  return [...out];
}

/** A document as written: with its n-gram array when the collection has text fields. */
export function withNgrams<T extends Record<string, unknown>>(doc: T, textFields: readonly string[]): T {
  if (textFields.length === 0) return doc;
  return { ...doc, [NGRAM_FIELD]: documentNgrams(doc, textFields) };
}

/**
 * The indexes MongoDB gets for declared ones: a 'text' key becomes the n-gram field (at the first
 * text key's place; MongoDB allows one array field per index), and the index's name records the
 * text fields so that every process learns them from the server's index list.
 */
export function toServerIndexSpec(spec: IndexSpec): IndexSpec {
  const textFields = Object.entries(spec.key)
    .filter(([, kind]) => kind === 'text')
    .map(([field]) => field);
  if (textFields.length === 0) return spec;
  const key: Record<string, 1 | -1> = {};
  for (const [field, kind] of Object.entries(spec.key)) {
    if (kind === 'text') key[NGRAM_FIELD] = 1;
    else key[field] = kind;
  }
  const base =
    spec.name ??
    Object.entries(spec.key)
      .map(([field, kind]) => `${field}_${kind}`)
      .join('_');
  return { ...spec, key, name: `${base}${NGRAM_INDEX_MARK}${textFields.join(',')}` };
}

/** The text fields the server's indexes of a collection were declared with. */
export function textFieldsOfIndexNames(names: readonly string[]): string[] {
  const fields = new Set<string>();
  for (const name of names) {
    const at = name.indexOf(NGRAM_INDEX_MARK);
    if (at >= 0) for (const field of name.slice(at + NGRAM_INDEX_MARK.length).split(',')) if (field) fields.add(field);
  }
  return [...fields].sort();
}

/** An index name as declared (the n-gram mark is the adapter's own). */
export const declaredIndexName = (name: string): string => {
  const at = name.indexOf(NGRAM_INDEX_MARK);
  return at >= 0 ? name.slice(0, at) : name;
};

/** The literal a `$regex` condition asks for, when the index can narrow it (no flags, three characters or more). */
function searchedLiteral(condition: unknown): string | null {
  let source: unknown;
  let flags: unknown;
  if (condition instanceof RegExp) {
    source = condition.source;
    flags = condition.flags;
  } else if (condition !== null && typeof condition === 'object' && !Array.isArray(condition)) {
    const ops = condition as Record<string, unknown>;
    if (!('$regex' in ops)) return null;
    source = ops.$regex instanceof RegExp ? ops.$regex.source : ops.$regex;
    flags = ops.$options ?? (ops.$regex instanceof RegExp ? ops.$regex.flags : '');
  } else return null;
  if (typeof source !== 'string' || flags !== '') return null;
  const literal = literalOf(source);
  return literal !== null && [...literal].length >= NGRAM_LENGTH ? literal : null;
}

/**
 * A filter whose literal `$regex` conditions on text fields also ask for their trigrams (inside
 * `$and` and `$or` too; a `$nor` is left alone, as the index could not serve it). Unchanged
 * when nothing qualifies.
 */
export function translateTextFilter(filter: Filter, textFields: readonly string[]): Filter {
  if (textFields.length === 0) return filter;
  const texts = new Set(textFields);
  const visit = (f: Filter): Filter => {
    let out: Filter | null = null;
    const grams = new Set<string>();
    for (const [key, value] of Object.entries(f)) {
      if ((key === '$and' || key === '$or') && Array.isArray(value)) {
        const subs = value.map((sub) => visit(sub as Filter));
        if (subs.some((sub, i) => sub !== value[i])) (out ??= { ...f })[key] = subs;
        continue;
      }
      if (!texts.has(key)) continue;
      const literal = searchedLiteral(value);
      if (literal !== null) for (const gram of ngramsOf(literal)) grams.add(gram);
    }
    if (grams.size === 0) return out ?? f;
    out ??= { ...f };
    const present = out[NGRAM_FIELD] as { $all?: string[] } | undefined;
    for (const gram of present?.$all ?? []) grams.add(gram);
    out[NGRAM_FIELD] = { $all: [...grams] };
    return out;
  };
  return visit(filter);
}

/** A read's projection that leaves the n-gram field out (an inclusion projection does already). */
export function withoutNgrams(projection: Projection | undefined): Projection {
  const entries = Object.entries(projection ?? {});
  const includes = entries.some(([field, v]) => field !== '_id' && v === 1) || (entries.length === 1 && entries[0]![0] === '_id' && entries[0]![1] === 1);
  return includes ? projection! : { ...projection, [NGRAM_FIELD]: 0 };
}

const FOLLOWED = new Set(['$set', '$setOnInsert', '$unset']);

/** The value an update's operator gives a text field: whole (path) or inside a parent it sets. */
function valueFrom(fields: Record<string, unknown>, textField: string): { found: boolean; value?: unknown } {
  for (const [path, value] of Object.entries(fields)) {
    if (path === textField) return { found: true, value };
    if (textField.startsWith(path + '.')) {
      const texts: string[] = [];
      stringsAt(value, textField.slice(path.length + 1).split('.'), texts);
      return { found: true, value: texts };
    }
  }
  return { found: false };
}

const touches = (path: string, textField: string) => path === textField || textField.startsWith(path + '.') || path.startsWith(textField + '.');

/**
 * An update that keeps the n-gram array in step. `$set`/`$unset` of text fields (or of a parent)
 * set it, which needs every text field's new value when the collection has several; an upsert
 * that sets none of them gets it in `$setOnInsert`, from what the inserted document holds
 * (`$setOnInsert` and the filter's equality fields). Other operators on a text field are refused.
 */
export function ngramUpdate(collection: string, filter: Filter, update: UpdateSpec, upsert: boolean, textFields: readonly string[]): UpdateSpec {
  if (textFields.length === 0) return update;
  const fieldsOf = (op: string) => (update[op] ?? {}) as Record<string, unknown>;
  for (const [op, fields] of Object.entries(update)) {
    if (FOLLOWED.has(op)) continue;
    for (const path of Object.keys((fields ?? {}) as object)) {
      const field = textFields.find((t) => touches(path, t));
      if (field) throw new InvalidOperationError(collection, `${op} on ${path} changes the text-indexed field ${field}: use $set, $unset or a replacement`);
    }
  }
  const valuesOf = (sources: Record<string, unknown>[]) => {
    const doc: Record<string, unknown> = {};
    const missing: string[] = [];
    textFields.forEach((field, i) => {
      const from = sources.map((s) => valueFrom(s, field)).find((v) => v.found);
      if (from) doc[String(i)] = from.value;
      else missing.push(field);
    });
    return {
      grams: documentNgrams(
        doc,
        textFields.map((_, i) => String(i)),
      ),
      missing,
    };
  };
  const set = fieldsOf('$set');
  const unset = Object.fromEntries(Object.keys(fieldsOf('$unset')).map((path) => [path, undefined]));
  const changed = textFields.filter((t) => [...Object.keys(set), ...Object.keys(unset)].some((path) => touches(path, t)));
  if (changed.length > 0) {
    const { grams, missing } = valuesOf([set, unset]);
    if (missing.length > 0) {
      throw new InvalidOperationError(collection, `an update of ${changed.join(', ')} must also $set ${missing.join(', ')} (text-indexed together)`);
    }
    return { ...update, $set: { ...set, [NGRAM_FIELD]: grams } };
  }
  if (!upsert) return update;
  // On insert a field holds what $setOnInsert or the filter's equality gives it, or nothing.
  const { grams } = valuesOf([fieldsOf('$setOnInsert'), seedFromFilter(filter)]);
  return { ...update, $setOnInsert: { ...fieldsOf('$setOnInsert'), [NGRAM_FIELD]: grams } };
}

/** A document read back with its n-gram field removed (for paths that cannot project it away). */
export function stripNgrams<T extends Doc>(doc: T): T {
  if (!(NGRAM_FIELD in doc)) return doc;
  const { [NGRAM_FIELD]: _, ...rest } = doc;
  return rest as T;
}
