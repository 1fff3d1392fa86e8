import { describe, expect, it } from 'vitest';
import { applyImportProgress, canStartImport, currentLocationLines, initialImportProgress } from './import-progress';

const report = (processId: string, progressPercentage: number, title = 'Store', errorMessage: string | null = null) => ({
  processId,
  progressPercentage,
  currentLocation: { locationTitle: title, locationThumbnailUrl: null, locationAddressLine1: '1 Main St', locationAddressLine2: '' },
  errorMessage,
});

describe('import progress', () => {
  it('follows reports of its own process up to 100 %', () => {
    let s = initialImportProgress('p1');
    s = applyImportProgress(s, report('p1', 40, 'Austin Store'));
    expect(s).toMatchObject({ percentage: 40, done: false });
    expect(s.currentLocation?.locationTitle).toBe('Austin Store');
    expect(currentLocationLines(s)).toEqual(['1 Main St']);
    s = applyImportProgress(s, report('p1', 100, 'Dallas Store'));
    expect(s).toMatchObject({ percentage: 100, done: true });
  });

  it('ignores other processes, malformed payloads and late lower values', () => {
    let s = applyImportProgress(initialImportProgress('p1'), report('p1', 60));
    expect(applyImportProgress(s, report('p2', 90))).toBe(s);
    expect(applyImportProgress(s, { hello: 'world' })).toBe(s);
    expect(applyImportProgress(s, null)).toBe(s);
    expect(applyImportProgress(s, report('p1', 30))).toBe(s);
    s = applyImportProgress(s, report('p1', 160));
    expect(s.percentage).toBe(100);
  });

  it('stops on an error message', () => {
    const s = applyImportProgress(applyImportProgress(initialImportProgress('p1'), report('p1', 50)), report('p1', 50, 'x', 'Google refused'));
    expect(s.errorMessage).toBe('Google refused');
    expect(s.done).toBe(false);
  });

  it('Start needs a selection', () => {
    expect(canStartImport([])).toBe(false);
    expect(canStartImport(['accounts/1'])).toBe(true);
  });
});

describe('import progress identity', () => {
  it('keeps the same state object when a report changes nothing (no needless re-render)', () => {
    const s = applyImportProgress(initialImportProgress('p1'), report('p1', 100));
    expect(applyImportProgress(s, report('p1', 100))).toBe(s);
    expect(applyImportProgress(s, report('p1', 100, 'Other'))).not.toBe(s);
  });
});
