import type { AutoReplyRule } from '@locus/contracts';

/** The review's sentiment label (the reviews feature's score, Negative / Neutral / Positive). */
export type SentimentLabel = 'Positive' | 'Neutral' | 'Negative';

/** What a rule looks at in a new review. */
export interface RuleSubject {
  starRating: number;
  sentiment: SentimentLabel;
  hasText: boolean;
  locationId: string;
}

export const ruleMatches = (rule: AutoReplyRule, r: RuleSubject): boolean =>
  r.starRating >= rule.minStars &&
  r.starRating <= rule.maxStars &&
  (rule.sentiment === 'Any' || rule.sentiment === r.sentiment) &&
  (rule.text === 'any' || (rule.text === 'with') === r.hasText) &&
  (rule.locationIds.length === 0 || rule.locationIds.includes(r.locationId));

/** The first rule, in order, whose conditions all hold; none leaves the review for a person. */
export const firstMatchingRule = (rules: readonly AutoReplyRule[], r: RuleSubject): AutoReplyRule | null => rules.find((rule) => ruleMatches(rule, r)) ?? null;
