import { hashString } from '../kit/rng';

/**
 * The sandbox model's only skill: replying to a Google review in a business's voice,
 * deterministically. It reads what a review-reply prompt carries — the reviewer, the business,
 * the star rating, the review text and the AI review settings (Tone, Verbosity, Style,
 * Friendliness, Apology) — from `Key: value` lines in any message, or from a JSON object
 * message with the same keys, and writes a reply that follows them:
 *
 * | setting | step 0 | step 1 | step 2 |
 * |---|---|---|---|
 * | Tone | Positive (Positive and enthusiastic) | Neutral (Neutral and balanced) | Grateful (Grateful and Appreciative) |
 * | Verbosity | Concise (2 sentences) | Standard (4 sentences) | Detailed (6 or more) |
 * | Style | High (Highly Professional) | Moderate (Moderately Professional) | Casual |
 * | Friendliness | Straight Forward (Low) | Casually Friendly (Moderate) | Very Friendly (High) |
 *
 * Values and labels are both understood, case-insensitively; an unknown or missing value is
 * step 0 (the spec's rule). Apology true adds an apology sentence, false keeps the words
 * "sorry" and "apologize" out. `Sign-off` and `Words to avoid` (the brand's voice) are honoured too.
 * The reply greets the reviewer by first name and names the business.
 * ("Dear valued customer" / "Hello there" for "A Google User").
 */

export interface ReplySettings {
  tone: 'positive' | 'neutral' | 'grateful';
  sentences: 2 | 4 | 6;
  style: 'formal' | 'moderate' | 'casual';
  friendliness: 'plain' | 'casual' | 'warm';
  apology: boolean;
}

export interface ReviewPrompt {
  reviewer: string;
  business: string;
  /** 1..5, or undefined when the prompt does not say. */
  stars?: number;
  review?: string;
  settings: ReplySettings;
  /** The brand's sign-off, put on its own line under the reply. */
  signOff?: string;
  /** Words the reply must not contain (the brand's "never use" list). */
  avoid?: string[];
}

const KEYS: Record<string, keyof ParsedFields> = {
  tone: 'tone',
  verbosity: 'verbosity',
  style: 'style',
  friendliness: 'friendliness',
  apology: 'apology',
  reviewer: 'reviewer',
  'reviewer name': 'reviewer',
  reviewername: 'reviewer',
  business: 'business',
  'business name': 'business',
  businessname: 'business',
  rating: 'rating',
  stars: 'rating',
  'star rating': 'rating',
  starrating: 'rating',
  review: 'review',
  'review text': 'review',
  comment: 'review',
  'sign-off': 'signOff',
  'sign off': 'signOff',
  signoff: 'signOff',
  'avoid words': 'avoid',
  avoidwords: 'avoid',
  'words to avoid': 'avoid',
  'never use': 'avoid',
  'banned words': 'avoid',
};

interface ParsedFields {
  tone?: string;
  verbosity?: string;
  style?: string;
  friendliness?: string;
  apology?: string;
  reviewer?: string;
  business?: string;
  rating?: string;
  review?: string;
  signOff?: string;
  avoid?: string;
}

const norm = (v: string | undefined) => (v ?? '').trim().toLowerCase();

function step<T>(value: string | undefined, scale: [T, string[]][]): T {
  const v = norm(value);
  return (scale.find(([, names]) => names.includes(v)) ?? scale[0]!)[0];
}

export function settingsFrom(fields: ParsedFields): ReplySettings {
  return {
    tone: step(fields.tone, [
      ['positive', ['positive', 'positive and enthusiastic']],
      ['neutral', ['neutral', 'neutral and balanced']],
      ['grateful', ['grateful', 'grateful and appreciative']],
    ]),
    sentences: step(fields.verbosity, [
      [2, ['concise', '2 sentences']],
      [4, ['standard', '4 sentences']],
      [6, ['detailed', '6 or more', '6 or more sentences']],
    ]),
    style: step(fields.style, [
      ['formal', ['high', 'highly professional']],
      ['moderate', ['moderate', 'moderately professional']],
      ['casual', ['casual']],
    ]),
    friendliness: step(fields.friendliness, [
      ['plain', ['straight forward', 'straightforward', 'low']],
      ['casual', ['casually friendly', 'moderate']],
      ['warm', ['very friendly', 'high']],
    ]),
    apology: ['true', 'yes', '1', 'on'].includes(norm(fields.apology)),
  };
}

const STAR_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };

function starsFrom(value: string | undefined): number | undefined {
  const v = norm(value);
  const word = STAR_WORDS[v];
  if (word) return word;
  const n = Number(/^(\d(?:\.\d+)?)/.exec(v)?.[1]);
  return Number.isFinite(n) && n >= 1 && n <= 5 ? Math.round(n) : undefined;
}

/** Finds the review-reply fields in the messages' text; undefined when the prompt is not about a review. */
export function parseReviewPrompt(texts: string[]): ReviewPrompt | undefined {
  const fields: ParsedFields = {};
  for (const text of texts) {
    const trimmed = text.trim();
    if (trimmed.startsWith('{')) {
      try {
        const obj = JSON.parse(trimmed) as Record<string, unknown>;
        for (const [k, v] of Object.entries(obj)) {
          const key = KEYS[k.toLowerCase()];
          if (key && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) fields[key] = String(v);
          else if (key === 'avoid' && Array.isArray(v)) fields.avoid = v.map(String).join(',');
        }
        continue;
      } catch {
        // not JSON: read it as lines
      }
    }
    const lines = text.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      const m = /^\s*[-*]?\s*([A-Za-z][A-Za-z -]{1,20}?)\s*[:=]\s*(.*)$/.exec(lines[i]!);
      const key = m ? KEYS[m[1]!.toLowerCase()] : undefined;
      if (!m || !key) continue;
      let value = m[2]!.trim();
      // The review text may run over several lines, up to the next known key.
      if (key === 'review') {
        while (i + 1 < lines.length && !/^\s*[-*]?\s*([A-Za-z][A-Za-z -]{1,20}?)\s*[:=]/.test(lines[i + 1]!)) value += `\n${lines[++i]}`;
        value = value.trim();
      }
      fields[key] = value.replace(/^"(.*)"$/s, '$1');
    }
  }
  if (fields.reviewer === undefined && fields.review === undefined && fields.rating === undefined) return undefined;
  const stars = starsFrom(fields.rating);
  return {
    reviewer: fields.reviewer?.trim() || 'A Google User',
    business: fields.business?.trim() || 'our business',
    ...(stars !== undefined ? { stars } : {}),
    ...(fields.review?.trim() ? { review: fields.review.trim() } : {}),
    settings: settingsFrom(fields),
    ...(fields.signOff?.trim() ? { signOff: fields.signOff.trim() } : {}),
    ...(fields.avoid?.trim()
      ? {
          avoid: fields.avoid
            .split(/[,;]/)
            .map((w) => w.trim())
            .filter(Boolean),
        }
      : {}),
  };
}

/** "Dear Jane" for Jane D.; an anonymous reviewer ("A Google User") gets "Dear valued customer" / "Hello there". */
function greet(style: ReplySettings['style'], reviewer: string): string {
  if (/^a google user$/i.test(reviewer.trim())) return style === 'formal' ? 'Dear valued customer' : `${GREETING[style]} there`;
  return `${GREETING[style]} ${reviewer
    .trim()
    .split(/\s+/)[0]!
    .replace(/[.,!?]+$/, '')}`;
}

type Band = 'good' | 'mixed' | 'bad';

const GREETING: Record<ReplySettings['style'], string> = { formal: 'Dear', moderate: 'Hello', casual: 'Hi' };

const OPENING: Record<ReplySettings['tone'], Record<Band, string[]>> = {
  positive: {
    good: ['thank you so much for the wonderful review of {business}!', 'what a fantastic review of {business}, thank you!'],
    mixed: ['thank you for sharing your experience at {business}!', 'thanks a lot for reviewing {business}!'],
    bad: ['thank you for telling us about your visit to {business}.', 'thank you for taking the time to review {business}.'],
  },
  neutral: {
    good: ['thank you for your review of {business}.', 'thank you for rating {business}.'],
    mixed: ['thank you for your feedback about {business}.', 'thank you for reviewing {business}.'],
    bad: ['thank you for your feedback about {business}.', 'thank you for reviewing your visit to {business}.'],
  },
  grateful: {
    good: ['we are truly grateful that you took the time to review {business}.', 'we deeply appreciate your kind words about {business}.'],
    mixed: ['we are grateful that you took the time to share your thoughts on {business}.', 'we truly appreciate your honest review of {business}.'],
    bad: ['we are grateful that you told us about your visit to {business}.', 'we appreciate you taking the time to tell {business} what went wrong.'],
  },
};

const BODY: Record<ReplySettings['style'], Record<Band, string[]>> = {
  formal: {
    good: [
      'We are delighted that our service met your expectations.',
      'Our team works diligently to provide a consistent experience, and your recognition is greatly valued.',
      'Your comments have been shared with the entire team.',
      'Feedback such as yours helps us maintain the standards our customers rely on.',
      'We remain committed to the same level of care on every visit.',
    ],
    mixed: [
      'We value your balanced assessment of your visit.',
      'Your observations have been shared with the management team for review.',
      'We are reviewing our procedures to address the points you raised.',
      'It is our aim to exceed expectations on every visit.',
      'We would welcome the opportunity to provide a better experience next time.',
    ],
    bad: [
      'We take concerns such as yours very seriously.',
      'Your feedback has been escalated to our management team for immediate review.',
      'We would appreciate the opportunity to discuss the matter with you directly.',
      'Please contact our office at your convenience so that we can resolve this.',
      'We are committed to ensuring this does not happen again.',
    ],
  },
  moderate: {
    good: [
      'We are so glad everything went well for you.',
      'Our team works hard to make every visit a good one, and reviews like yours mean a lot to them.',
      'We have passed your kind words along to the whole team.',
      'It is great to know we are getting things right.',
      'We will keep doing our best for you.',
    ],
    mixed: [
      'We appreciate your honest feedback about what could have gone better.',
      'We have shared your comments with our team so we can improve.',
      'We are already looking at how to make the next visit smoother.',
      'Your input really does help us get better.',
      'We hope to give you a five-star experience next time.',
    ],
    bad: [
      'This is not the experience we want anyone to have.',
      'We have shared your feedback with our manager, who is looking into it.',
      'We would like the chance to make this right.',
      'Please reach out to us directly so we can talk it through.',
      'We are working to make sure this does not happen again.',
    ],
  },
  casual: {
    good: [
      'So glad you had a great time with us.',
      'The whole crew loved reading this.',
      'Reviews like yours totally make our day.',
      'We are stoked we could help you out.',
      'Thanks for being awesome.',
    ],
    mixed: [
      'Thanks for being straight with us.',
      'We hear you and we are on it.',
      'The team has your notes and we are making changes.',
      'We know we can do better than that.',
      'Give us another shot and we will show you.',
    ],
    bad: [
      'That is definitely not how things should go.',
      'We passed this straight to our manager.',
      'We really want to fix this for you.',
      'Drop us a line and we will sort it out.',
      'We are making changes so it does not happen again.',
    ],
  },
};

const APOLOGY: Record<ReplySettings['style'], Record<Band, string>> = {
  formal: {
    good: 'We apologize if any part of your visit fell short of perfect.',
    mixed: 'We sincerely apologize that your visit did not fully meet your expectations.',
    bad: 'We sincerely apologize for the experience you described.',
  },
  moderate: {
    good: 'We are sorry if anything at all fell short.',
    mixed: 'We are sorry that parts of your visit were not up to our usual standard.',
    bad: 'We are truly sorry for what happened.',
  },
  casual: {
    good: 'Sorry if anything was less than perfect.',
    mixed: 'Sorry things were not quite right this time.',
    bad: 'We are really sorry about this.',
  },
};

const CLOSING: Record<ReplySettings['friendliness'], Record<Band, string[]>> = {
  plain: {
    good: ['We look forward to serving you again.'],
    mixed: ['We look forward to serving you again.'],
    bad: ['We hope to have the opportunity to serve you better in the future.'],
  },
  casual: {
    good: ['Hope to see you again soon!', 'Come back and see us soon!'],
    mixed: ['Hope to see you again soon!'],
    bad: ['Hope you will give us another chance soon!'],
  },
  warm: {
    good: [
      'We cannot wait to welcome you back, so please say hello next time you are in!',
      'You are always welcome here, and we would love to see you again soon!',
    ],
    mixed: ['We would love to welcome you back and make your next visit wonderful!'],
    bad: ['We would truly love the chance to welcome you back and show you the warm experience you deserve!'],
  },
};

/** Used only when every regular candidate holds a word to avoid. */
const OPENING_FALLBACKS = ['we appreciate your review of {business}.', 'your review of {business} means a lot.'];
const BODY_FALLBACKS = [
  'Your feedback helps us improve every day.',
  'We appreciate you choosing us.',
  'Every review is read by our managers.',
  'We value your opinion.',
];

const bandOf = (stars: number | undefined): Band => (stars === undefined || stars >= 4 ? 'good' : stars === 3 ? 'mixed' : 'bad');

const escapeRegExp = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The reply: greeting + opening first, the apology next (when asked for), body sentences, the
 * closing last; then the sign-off on its own line (not a sentence). A sentence with a word to
 * avoid is swapped for another of the same kind; where every candidate has one, the word is cut.
 */
export function writeReply(prompt: ReviewPrompt, variant = 0): string {
  const { settings } = prompt;
  const band = bandOf(prompt.stars);
  const h = hashString(`${prompt.reviewer}|${prompt.business}|${prompt.stars}|${prompt.review ?? ''}|${variant}`);
  const banned = (prompt.avoid ?? []).map((w) => new RegExp(`\\b${escapeRegExp(w)}\\b`, 'gi'));
  const clean = (t: string) => banned.every((re) => !t.match(re));
  const scrub = (t: string) =>
    banned
      .reduce((acc, re) => acc.replace(re, ''), t)
      .replace(/\s{2,}/g, ' ')
      .replace(/\s+([,.!?])/g, '$1')
      .trim();
  /** Candidates in a deterministic rotation, then the fallbacks; the first without a word to avoid, else the first scrubbed. */
  const choose = (list: readonly string[], salt: number, skip: ReadonlySet<string> = new Set(), fallbacks: readonly string[] = []) => {
    const rotated = [...list.map((_, i) => list[(h + salt + i) % list.length]!), ...fallbacks].filter((t) => !skip.has(t));
    return rotated.find(clean) ?? scrub(rotated[0] ?? list[0]!);
  };
  const greeting = greet(settings.style, prompt.reviewer);
  const opening = `${greeting}, ${choose(
    OPENING[settings.tone][band].map((t) => t.replace(/\{business\}/g, prompt.business)),
    0,
    new Set(),
    OPENING_FALLBACKS.map((t) => t.replace(/\{business\}/g, prompt.business)),
  )}`;
  const apology = settings.apology ? [choose([APOLOGY[settings.style][band]], 0)] : [];
  const closing = choose(CLOSING[settings.friendliness][band], 1);
  // "6 or more": six, or seven for half of the reviews.
  const target = settings.sentences === 6 ? 6 + (h % 2) : settings.sentences;
  const bodyCount = Math.max(0, target - 2 - apology.length);
  const pool = BODY[settings.style][band];
  const used = new Set<string>();
  const body = Array.from({ length: bodyCount }, (_, i) => {
    const next = choose(pool, i, used, BODY_FALLBACKS);
    used.add(next);
    return next;
  });
  const sentences = [opening, ...apology, ...body, ...(target - 1 - apology.length - body.length > 0 ? [closing] : [])];
  const text = sentences
    .slice(0, target)
    .map((t) => (clean(t) ? t : scrub(t)))
    .join(' ');
  return prompt.signOff ? `${text}\n${prompt.signOff}` : text;
}

export const SANDBOX_MODEL_HELP =
  'This is the Locus sandbox model. It writes replies to Google reviews: send Reviewer, Business, Rating and Review, and the reply settings Tone, Verbosity, Style, Friendliness and Apology, as "Key: value" lines.';
