import vader from 'vader-sentiment';

export type SentimentLabel = 'Positive' | 'Neutral' | 'Negative';
export interface ReviewSentiment {
  score: number;
  label: SentimentLabel;
}

/**
 * The model's name, carried by the events' sentiment: the reviews projection takes a label its
 * current model made instead of scoring the review again. Change it with any change below.
 */
export const SENTIMENT_MODEL = 'stars+vader/1';

/** Weight of the stars against the text; chosen by measurement on tests/fixtures/review-sentiment. */
const STAR_WEIGHT = 0.6;
/** |score| above this is Positive or Negative. */
const THRESHOLD = 0.25;
/** Text at least this negative (VADER compound) makes a 4–5★ review Negative; at least CLEARLY_POSITIVE a 1–2★ one Positive. */
const CLEARLY_NEGATIVE = -0.6;
const CLEARLY_POSITIVE = 0.75;

// A lukewarm verdict ("okay", "average", "not great, not terrible") is Neutral whatever the stars,
// unless the rest of the text says much more.
const LUKEWARM = /\b(ok(ay)?|fine|average|meh|nothing special|mixed|decent|not (great|bad), not|hit and miss|some good)\b/i;

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const clamp = (n: number) => Math.max(-1, Math.min(1, n));

/** VADER's compound score of the text (-1..1): handles negation ("not helpful"), intensifiers and contrast ("but"). */
export const textPolarity = (text: string): number => vader.SentimentIntensityAnalyzer.polarity_scores(text).compound;

/**
 * The sentiment a person reads from a review: its stars and its text together. The stars lean
 * (5★ +1 … 1★ -1), the text (VADER) confirms, softens or overrides them; a review without text
 * is what its stars say. A 4–5★ review is Negative only when its text clearly is. `polarityOf`
 * is replaceable only to compare text models on the labelled set.
 */
export function reviewSentiment(starRating: number, text: string | null, polarityOf: (text: string) => number = textPolarity): ReviewSentiment {
  const stars = (starRating - 3) / 2;
  const body = text?.trim() ?? '';
  if (!body) {
    const score = round3(stars);
    return { score, label: score > 0.1 ? 'Positive' : score < -0.1 ? 'Negative' : 'Neutral' };
  }
  const polarity = polarityOf(body);
  let score = STAR_WEIGHT * stars + (1 - STAR_WEIGHT) * polarity;
  if (LUKEWARM.test(body) && Math.abs(polarity) < 0.5) score *= 0.3;
  // Text that clearly says the opposite of the stars wins (a wrong click, "meant five stars").
  if ((polarity <= CLEARLY_NEGATIVE && stars > 0) || (polarity >= CLEARLY_POSITIVE && stars < 0)) score = polarity;
  score = round3(clamp(score));
  return { score, label: score > THRESHOLD ? 'Positive' : score < -THRESHOLD ? 'Negative' : 'Neutral' };
}
