import * as updateOperators from 'mingo/operators/update';
import { describe, expect, it } from 'vitest';
import { applySimpleUpdate } from './simple-update';

/** The direct $set/$unset/$inc path must leave documents exactly as mingo's operators do. */
type Op = (expr: Record<string, unknown>) => (doc: Record<string, unknown>) => string[];
const operators = updateOperators as unknown as Record<string, Op>;

function viaMingo(doc: Record<string, unknown>, modifier: Record<string, Record<string, unknown>>) {
  const copy = structuredClone(doc);
  for (const [op, expr] of Object.entries(modifier)) operators[op]!(expr)(copy);
  return copy;
}

const base = () => ({ _id: 'x', a: 1, b: { c: 2, d: { e: 'deep' } }, s: 'text', arr: [1, { k: 1 }], n: null as null });

describe('simple updates agree with mingo', () => {
  const cases: [string, Record<string, Record<string, unknown>>][] = [
    ['$set top-level existing', { $set: { a: 5 } }],
    ['$set new top-level field (appended)', { $set: { z: { y: 1 } } }],
    ['$set nested existing', { $set: { 'b.c': 3 } }],
    ['$set nested, creating levels', { $set: { 'q.r.s': true } }],
    ['$set same value', { $set: { a: 1, 'b.d.e': 'deep' } }],
    ['$unset existing and missing', { $unset: { a: '', 'b.d': '', 'nope.x': '' } }],
    ['$inc existing, new, nested new', { $inc: { a: 2.5, fresh: 1, 'b.new': -3 } }],
    ['$set + $unset + $inc together', { $set: { s: 'other' }, $unset: { n: '' }, $inc: { 'b.c': 10 } }],
  ];
  for (const [title, modifier] of cases) {
    it(title, () => {
      const doc = base();
      expect(applySimpleUpdate(doc, modifier)).toBe(true);
      expect(JSON.stringify(doc)).toBe(JSON.stringify(viaMingo(base(), modifier)));
    });
  }

  const handedOver: [string, Record<string, unknown>][] = [
    ['other operators', { $push: { arr: 2 } }],
    ['array element paths', { $set: { 'arr.1.k': 2 } }],
    ['positional paths', { $set: { 'arr.$.k': 2 } }],
    ['a path through a scalar', { $set: { 's.x': 1 } }],
    ['a path through null', { $set: { 'n.x': 1 } }],
    ['$inc of a string', { $inc: { s: 1 } }],
    ['$inc by a non-number', { $inc: { a: '1' } }],
    ['_id', { $set: { _id: 'y' } }],
    ['prototype names', { $set: { constructor: 1 } }],
  ];
  for (const [title, modifier] of handedOver) {
    it(`leaves ${title} to mingo, untouched`, () => {
      const doc = base();
      expect(applySimpleUpdate(doc, { $set: { a: 99 }, ...modifier })).toBe(false);
      expect(doc).toEqual(base());
    });
  }
});
