import Sentiment from 'sentiment';
import type { Sentiment as ReviewSentiment } from '@locus/contracts';

const analyzer = new Sentiment();
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Sentiment of a review's text with the `sentiment` package (AFINN-165 word list, negation
 * aware): its comparative score (score per word) divided by 2 and clamped to -1..1, labelled
 * Positive above 0.05, Negative below -0.05, Neutral between. No text is Neutral 0 (the stars
 * speak for it).
 */
export function sentimentOf(text: string | null): ReviewSentiment {
  if (!text || !text.trim()) return { score: 0, label: 'Neutral' };
  const { comparative } = analyzer.analyze(text);
  const score = round3(Math.max(-1, Math.min(1, comparative / 2)));
  return { score, label: score > 0.05 ? 'Positive' : score < -0.05 ? 'Negative' : 'Neutral' };
}
