import { describe, expect, it } from 'vitest';
import {
  declaredIndexName,
  documentNgrams,
  ngramsOf,
  ngramUpdate,
  textFieldsOfIndexNames,
  toServerIndexSpec,
  translateTextFilter,
  withoutNgrams,
} from './mongo-text-search';
import { InvalidOperationError } from './read-store-errors';

/** The MongoDB adapter's substring search through an n-gram array: the pure parts. */
describe('MongoDB text search: n-grams', () => {
  it('takes distinct trigrams by code point, case kept; shorter texts have none', () => {
    expect(ngramsOf('Pearl')).toEqual(['Pea', 'ear', 'arl']);
    expect(ngramsOf('aaaa')).toEqual(['aaa']);
    expect(ngramsOf('ab')).toEqual([]);
    expect(ngramsOf('😀ab')).toEqual(['😀ab']);
  });

  it('collects the trigrams of every text field, through embedded documents and arrays', () => {
    const doc = { _id: 'x', title: 'abcd', address: { lines: ['xyz', 7, { no: 'qqq' }] }, other: 'zzzz' };
    expect(documentNgrams(doc, ['title', 'address.lines']).sort()).toEqual(['abc', 'bcd', 'xyz']);
    expect(documentNgrams({ _id: 'y', title: 42 }, ['title'])).toEqual([]);
  });
});

describe('MongoDB text search: indexes', () => {
  it("turns a 'text' key into the n-gram field and names the text fields in the index name", () => {
    expect(toServerIndexSpec({ key: { searchText: 'text' } })).toEqual({ key: { _ngrams: 1 }, name: 'searchText_text@ngrams:searchText' });
    expect(toServerIndexSpec({ key: { companyId: 1, a: 'text', b: 'text' }, name: 'search' })).toEqual({
      key: { companyId: 1, _ngrams: 1 },
      name: 'search@ngrams:a,b',
    });
    expect(toServerIndexSpec({ key: { companyId: 1, title: -1 } })).toEqual({ key: { companyId: 1, title: -1 } });
  });

  it('reads the text fields back from the server index names', () => {
    expect(textFieldsOfIndexNames(['_id_', 'companyId_1', 'search@ngrams:b,a', 'x@ngrams:a'])).toEqual(['a', 'b']);
    expect(declaredIndexName('search@ngrams:a')).toBe('search');
    expect(declaredIndexName('company_storeCode')).toBe('company_storeCode');
  });
});

describe('MongoDB text search: filters', () => {
  const grams = (text: string) => ({ $all: ngramsOf(text) });

  it('a literal $regex on a text field also asks for its trigrams, the $regex kept', () => {
    expect(translateTextFilter({ companyId: 'c', searchText: { $regex: 'pearl' } }, ['searchText'])).toEqual({
      companyId: 'c',
      searchText: { $regex: 'pearl' },
      _ngrams: grams('pearl'),
    });
    // Escaped metacharacters are literal text.
    expect(translateTextFilter({ searchText: { $regex: 'bn\\-0042\\.' } }, ['searchText'])).toEqual({
      searchText: { $regex: 'bn\\-0042\\.' },
      _ngrams: grams('bn-0042.'),
    });
    expect(translateTextFilter({ searchText: /a\.bc/ }, ['searchText'])).toEqual({ searchText: /a\.bc/, _ngrams: grams('a.bc') });
  });

  it('inside $and and $or too, two text conditions asking for all their trigrams', () => {
    const filter = { $or: [{ a: { $regex: 'abc' } }, { b: 1 }], $and: [{ a: { $regex: 'xyz' } }, { b: { $regex: 'klm' } }] };
    expect(translateTextFilter(filter, ['a', 'b'])).toEqual({
      $or: [{ a: { $regex: 'abc' }, _ngrams: grams('abc') }, { b: 1 }],
      $and: [
        { a: { $regex: 'xyz' }, _ngrams: grams('xyz') },
        { b: { $regex: 'klm' }, _ngrams: grams('klm') },
      ],
    });
    expect(translateTextFilter({ a: { $regex: 'abc' }, b: { $regex: 'def' } }, ['a', 'b'])).toEqual({
      a: { $regex: 'abc' },
      b: { $regex: 'def' },
      _ngrams: { $all: ['abc', 'def'] },
    });
  });

  it('leaves alone what the index cannot narrow: patterns, flags, short texts, other fields, $nor', () => {
    const unchanged = [
      { searchText: { $regex: '^pearl' } },
      { searchText: { $regex: 'pearl', $options: 'i' } },
      { searchText: /pearl/i },
      { searchText: { $regex: 'pe' } },
      { title: { $regex: 'pearl' } },
      { $nor: [{ searchText: { $regex: 'pearl' } }] },
      { searchText: 'pearl' },
    ];
    for (const filter of unchanged) expect(translateTextFilter(filter, ['searchText'])).toBe(filter);
    const filter = { searchText: { $regex: 'pearl' } };
    expect(translateTextFilter(filter, [])).toBe(filter);
  });

  it('reads leave the n-gram field out unless the projection includes fields', () => {
    expect(withoutNgrams(undefined)).toEqual({ _ngrams: 0 });
    expect(withoutNgrams({ body: 0 })).toEqual({ body: 0, _ngrams: 0 });
    expect(withoutNgrams({ _id: 0 })).toEqual({ _id: 0, _ngrams: 0 });
    expect(withoutNgrams({ _id: 1, companyId: 1 })).toEqual({ _id: 1, companyId: 1 });
    expect(withoutNgrams({ _id: 1 })).toEqual({ _id: 1 });
  });
});

describe('MongoDB text search: updates', () => {
  it('$set or $unset of the text field sets the n-gram array', () => {
    expect(ngramUpdate('c', { _id: 'x' }, { $set: { searchText: 'abcd', n: 1 } }, false, ['searchText'])).toEqual({
      $set: { searchText: 'abcd', n: 1, _ngrams: ['abc', 'bcd'] },
    });
    expect(ngramUpdate('c', { _id: 'x' }, { $unset: { searchText: '' } }, false, ['searchText'])).toEqual({
      $unset: { searchText: '' },
      $set: { _ngrams: [] },
    });
    // A parent set whole carries the text field inside it.
    expect(ngramUpdate('c', { _id: 'x' }, { $set: { profile: { title: 'wxyz' } } }, false, ['profile.title'])).toEqual({
      $set: { profile: { title: 'wxyz' }, _ngrams: ['wxy', 'xyz'] },
    });
  });

  it('an update that leaves text fields alone is unchanged; an upsert gets the inserted text in $setOnInsert', () => {
    const update = { $inc: { n: 1 } };
    expect(ngramUpdate('c', { _id: 'x' }, update, false, ['searchText'])).toBe(update);
    expect(ngramUpdate('c', { _id: 'x', searchText: 'abcd' }, { $inc: { n: 1 } }, true, ['searchText'])).toEqual({
      $inc: { n: 1 },
      $setOnInsert: { _ngrams: ['abc', 'bcd'] },
    });
    expect(ngramUpdate('c', { _id: 'x' }, { $setOnInsert: { searchText: 'wxyz' } }, true, ['searchText'])).toEqual({
      $setOnInsert: { searchText: 'wxyz', _ngrams: ['wxy', 'xyz'] },
    });
  });

  it('refuses what it cannot follow: other operators on a text field, one of several text fields alone', () => {
    expect(() => ngramUpdate('c', {}, { $push: { searchText: 'x' } }, false, ['searchText'])).toThrow(InvalidOperationError);
    expect(() => ngramUpdate('c', {}, { $rename: { searchText: 'old' } }, false, ['searchText'])).toThrow(/\$rename on searchText/);
    expect(() => ngramUpdate('c', {}, { $set: { a: 'abc' } }, false, ['a', 'b'])).toThrow(/must also \$set b/);
    expect(ngramUpdate('c', {}, { $set: { a: 'abc', b: 'xyz' } }, false, ['a', 'b'])).toEqual({ $set: { a: 'abc', b: 'xyz', _ngrams: ['abc', 'xyz'] } });
  });
});
