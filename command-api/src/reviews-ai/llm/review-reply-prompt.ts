import { AI_OPTION_NAMES, AI_OPTION_SCALES, type AiReplySettings, type BrandSettings } from '@locus/contracts';

/**
 * The one prompt of AI review replies. Bump PROMPT_VERSION with any change to the text: every
 * ReviewReplyDrafted records the version it was written with.
 *
 * The facts go in `Key: value` lines (one per line, the review last since it may run over
 * several lines), which any chat model reads and the sandbox's deterministic model parses.
 */
export const PROMPT_VERSION = 'review-reply@1';

export interface ReplyPromptInput {
  reviewerName: string;
  businessName: string;
  starRating: number;
  comment: string | null;
  settings: Pick<AiReplySettings, 'apology' | 'tone' | 'verbosity' | 'style' | 'friendliness'>;
  brand: Pick<BrandSettings, 'voiceNotes' | 'signOff' | 'wordsToAvoid' | 'agentName'> | null;
}

const SYSTEM = [
  'You write the public reply of a business to a Google review, in the voice of the business.',
  'Greet the reviewer by first name (or warmly, when the reviewer is anonymous), name the business, and answer what the review says.',
  'Follow the tone, length, style and friendliness given. Apologize only when Apology is true.',
  'Never invent facts, offers, prices or promises. Never include links, phone numbers or email addresses.',
  'Never use any of the words to avoid. End with the sign-off on its own line when one is given.',
  'Answer with the reply text only.',
  'The settings mean:',
  ...AI_OPTION_NAMES.map((name) => `- ${name}: ${AI_OPTION_SCALES[name].map((o) => `${o.value} = ${o.label}`).join('; ')}`),
].join('\n');

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export function reviewReplyMessages(input: ReplyPromptInput): { role: 'system' | 'user'; content: string }[] {
  const { settings, brand } = input;
  const lines = [
    `Reviewer: ${oneLine(input.reviewerName) || 'A Google User'}`,
    `Business: ${oneLine(input.businessName)}`,
    `Rating: ${input.starRating}`,
    `Tone: ${settings.tone}`,
    `Verbosity: ${settings.verbosity}`,
    `Style: ${settings.style}`,
    `Friendliness: ${settings.friendliness}`,
    `Apology: ${settings.apology}`,
  ];
  if (brand?.voiceNotes) lines.push(`Voice notes: ${oneLine(brand.voiceNotes)}`);
  if (brand?.signOff) lines.push(`Sign-off: ${oneLine(brand.signOff)}`);
  if (brand?.wordsToAvoid.length) lines.push(`Words to avoid: ${brand.wordsToAvoid.map(oneLine).join(', ')}`);
  lines.push(`Review: ${input.comment?.trim() ? input.comment.trim() : '(the reviewer left stars only, no text)'}`);
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: lines.join('\n') },
  ];
}
