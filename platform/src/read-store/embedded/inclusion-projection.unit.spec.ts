import { Aggregator } from 'mingo';
import { describe, expect, it } from 'vitest';
import type { Doc, Projection } from '../read-store';
import { NEEDS_MINGO, projectInclusion } from './inclusion-projection';

/** mingo is the reference for MongoDB's meaning: whatever projectInclusion answers, it answers the same. */
const byMingo = (docs: Doc[], projection: Projection) => new Aggregator([{ $project: projection }], {}).run(docs);

const docs: Doc[] = [
  { _id: 'full', companyId: 'c1', profile: { Title: 'Bakery', StoreCode: 'B-1', Address: { City: 'Lyon' } }, tags: ['a', 'b'], n: 0 },
  { _id: 'no-code', companyId: 'c1', profile: { Title: 'Deli' } },
  { _id: 'empty-profile', profile: {} },
  { _id: 'no-profile', companyId: null },
  { _id: 'nulls', profile: { Title: null, StoreCode: '' } },
  { _id: 'nested', profile: { Title: 'T', Address: { City: 'Paris', Lines: ['1 rue'] } } },
];

describe('inclusion projections without mingo', () => {
  const answered: Projection[] = [
    { _id: 1, 'profile.Title': 1, 'profile.StoreCode': 1 },
    { 'profile.Title': 1 },
    { _id: 0, companyId: 1, n: 1 },
    { tags: 1, 'profile.Address.City': 1 },
    { profile: 1 },
    { missing: 1, 'also.missing': 1 },
  ];
  for (const projection of answered) {
    it(`picks ${JSON.stringify(projection)} as mingo does`, () => {
      const picked = projectInclusion(docs, projection);
      expect(picked).not.toBe(NEEDS_MINGO);
      expect(picked).toEqual(byMingo(docs, projection));
    });
  }

  it('leaves the documents as they were', () => {
    const before = structuredClone(docs);
    projectInclusion(docs, { _id: 1, 'profile.Title': 1 });
    expect(docs).toEqual(before);
  });

  it('leaves to mingo exclusions, operators, paths inside each other, and paths through arrays or scalars', () => {
    expect(projectInclusion(docs, { profile: 0 })).toBe(NEEDS_MINGO);
    expect(projectInclusion(docs, { _id: 1 })).toBe(NEEDS_MINGO);
    expect(projectInclusion(docs, { $expr: 1 } as Projection)).toBe(NEEDS_MINGO);
    expect(projectInclusion(docs, { profile: 1, 'profile.Title': 1 })).toBe(NEEDS_MINGO);
    expect(projectInclusion(docs, { 'tags.x': 1 })).toBe(NEEDS_MINGO);
    expect(projectInclusion([{ _id: 'scalar', profile: 'text' }], { 'profile.Title': 1 })).toBe(NEEDS_MINGO);
    expect(projectInclusion([{ _id: 'null', profile: null }], { 'profile.Title': 1 })).toBe(NEEDS_MINGO);
  });
});
