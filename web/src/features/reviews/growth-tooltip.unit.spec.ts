import { describe, expect, it } from 'vitest';
import { growthTooltip, reviewTexts } from './constants';

describe('growthTooltip', () => {
  it('reads as a sentence: date, count and what is counted', () => {
    expect(growthTooltip('Nov 23, 2026', 10, reviewTexts.totalLine)).toBe('Nov 23, 2026: 10 total reviews');
    expect(growthTooltip('Nov 23, 2026', 1200, reviewTexts.newReviews)).toBe('Nov 23, 2026: 1,200 new reviews');
  });
});
