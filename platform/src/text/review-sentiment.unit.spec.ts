import { readFileSync } from 'node:fs';
import path from 'node:path';
import Afinn from 'sentiment';
import wink from 'wink-sentiment';
import { describe, expect, it } from 'vitest';
import { reviewSentiment, textPolarity, type SentimentLabel } from './review-sentiment';

/**
 * The evaluation of the review sentiment on the labelled set (tests/fixtures/review-sentiment,
 * its README gives the source and the labelling rule): agreement with the people's labels must
 * stay at 85 % or more. The text models alone are printed beside it, for the comparison in
 * docs/performance.md.
 */
interface Labelled {
  stars: number;
  label: SentimentLabel;
  text: string;
}
const file = path.resolve(import.meta.dirname, '../../../tests/fixtures/review-sentiment/labelled-reviews.jsonl');
const set: Labelled[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Labelled);

const labelOf = (score: number, threshold = 0.05): SentimentLabel => (score > threshold ? 'Positive' : score < -threshold ? 'Negative' : 'Neutral');
const afinn = new Afinn();
const textOnly = (f: (text: string) => number) => (r: Labelled) => (r.text.trim() ? labelOf(f(r.text)) : 'Neutral');

function agreement(predict: (r: Labelled) => SentimentLabel) {
  const perClass = new Map<SentimentLabel, { n: number; agreed: number }>();
  let agreed = 0;
  for (const r of set) {
    const c = perClass.get(r.label) ?? { n: 0, agreed: 0 };
    c.n++;
    if (predict(r) === r.label) {
      c.agreed++;
      agreed++;
    }
    perClass.set(r.label, c);
  }
  const pct = (a: number, n: number) => Math.round((a / n) * 1000) / 10;
  return {
    overall: pct(agreed, set.length),
    perClass: Object.fromEntries([...perClass].map(([label, c]) => [label, `${pct(c.agreed, c.n)} % of ${c.n}`])),
  };
}

describe('review sentiment on the labelled set', () => {
  it('has at least 300 labelled reviews of every class', () => {
    expect(set.length).toBeGreaterThanOrEqual(300);
    for (const label of ['Positive', 'Neutral', 'Negative']) expect(set.filter((r) => r.label === label).length).toBeGreaterThan(50);
  });

  it('agrees with the people on at least 85 % of the reviews', () => {
    const combined = agreement((r) => reviewSentiment(r.stars, r.text).label);
    const comparison = {
      'stars and VADER (used)': combined,
      'stars and wink-sentiment': agreement((r) => reviewSentiment(r.stars, r.text, (t) => Math.max(-1, Math.min(1, wink(t).normalizedScore / 4))).label),
      'stars and AFINN (sentiment)': agreement((r) => reviewSentiment(r.stars, r.text, (t) => Math.max(-1, Math.min(1, afinn.analyze(t).comparative))).label),
      'stars alone': agreement((r) => labelOf((r.stars - 3) / 2, 0.1)),
      'VADER text alone': agreement(textOnly(textPolarity)),
      'wink-sentiment text alone': agreement(textOnly((t) => wink(t).normalizedScore / 5)),
      'AFINN (sentiment) text alone': agreement(textOnly((t) => afinn.analyze(t).comparative / 2)),
    };
    console.info(JSON.stringify(comparison, null, 2));
    expect(combined.overall).toBeGreaterThanOrEqual(85);
  });

  it('labels a 4–5★ review Negative only when its text clearly is', () => {
    for (const r of set.filter((x) => x.stars >= 4)) {
      if (reviewSentiment(r.stars, r.text).label === 'Negative') expect(textPolarity(r.text)).toBeLessThanOrEqual(-0.6);
    }
    expect(reviewSentiment(5, 'The staff were lovely.').label).toBe('Positive');
    expect(reviewSentiment(5, 'Rude, dirty and they lost my records. Awful, never again.').label).toBe('Negative');
  });

  it('reads the examples people found wrong, negation and contrast', () => {
    expect(reviewSentiment(5, 'Gentle, professional and they explained my bill before anything was done.').label).toBe('Positive');
    expect(reviewSentiment(3, 'Average. Clean place, but they were short-staffed when I visited.').label).toBe('Neutral');
    expect(reviewSentiment(2, 'The staff were not helpful.').label).toBe('Negative');
    expect(reviewSentiment(4, 'Not the cheapest, but the quality of care is worth it.').label).toBe('Positive');
    expect(reviewSentiment(5, null)).toEqual({ score: 1, label: 'Positive' });
    expect(reviewSentiment(1, '  ')).toEqual({ score: -1, label: 'Negative' });
    expect(reviewSentiment(3, null)).toEqual({ score: 0, label: 'Neutral' });
  });
});
