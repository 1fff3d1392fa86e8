import { describe, expect, it } from 'vitest';
import { subjectMatches } from './subject';
import { subjects } from '@locus/contracts';

describe('subject matching', () => {
  it.each([
    ['a.b.c', 'a.b.c', true],
    ['a.b.c', 'a.b', false],
    ['a.*.c', 'a.x.c', true],
    ['a.*.c', 'a.x.y.c', false],
    ['a.*', 'a', false],
    ['a.>', 'a', false],
    ['a.>', 'a.b', true],
    ['a.>', 'a.b.c.d', true],
    ['>', 'a.b', true],
    ['*', 'a', true],
    ['*', 'a.b', false],
    ['*.*.>', 'a.b', false],
    ['*.*.>', 'a.b.c', true],
  ])('%s vs %s → %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });

  it('matches the live subjects the SSE endpoint listens to', () => {
    expect(subjectMatches(subjects.companyScope('c1'), subjects.changed('c1', 'locations'))).toBe(true);
    expect(subjectMatches(subjects.companyScope('c1'), subjects.changed('c2', 'locations'))).toBe(false);
    expect(subjectMatches(subjects.adminScope(), subjects.changed(null, 'companies'))).toBe(true);
    expect(subjectMatches(subjects.checkpointAll(), subjects.checkpoint('companies'))).toBe(true);
    expect(subjectMatches(subjects.userScope('u1'), subjects.userNotification('u1', 'X'))).toBe(true);
  });
});
