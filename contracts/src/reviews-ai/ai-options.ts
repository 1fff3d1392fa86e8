import { z } from 'zod';

/**
 * The AI review settings' option scales (spec part 2 §3 and §9): each a 3-step scale whose
 * values are the entity's words and whose labels are what the settings panel shows. An
 * unknown stored value reads as step 0.
 */
export const AI_OPTION_SCALES = {
  Tone: [
    { value: 'Positive', label: 'Positive and enthusiastic' },
    { value: 'Neutral', label: 'Neutral and balanced' },
    { value: 'Grateful', label: 'Grateful and Appreciative' },
  ],
  Verbosity: [
    { value: 'Concise', label: '2 sentences' },
    { value: 'Standard', label: '4 sentences' },
    { value: 'Detailed', label: '6 or more' },
  ],
  Style: [
    { value: 'High', label: 'Highly Professional' },
    { value: 'Moderate', label: 'Moderately Professional' },
    { value: 'Casual', label: 'Casual' },
  ],
  Friendliness: [
    { value: 'Low', label: 'Straight Forward' },
    { value: 'Moderate', label: 'Casually Friendly' },
    { value: 'High', label: 'Very Friendly' },
  ],
} as const;

export type AiOptionName = keyof typeof AI_OPTION_SCALES;
export const AI_OPTION_NAMES = Object.keys(AI_OPTION_SCALES) as AiOptionName[];
export type AiOptionValue<K extends AiOptionName> = (typeof AI_OPTION_SCALES)[K][number]['value'];

/** Step (0..2) of a stored value on its scale; unknown values are step 0. */
export function aiOptionStep(name: AiOptionName, value: string | null | undefined): number {
  const step = AI_OPTION_SCALES[name].findIndex((o) => o.value === value);
  return step < 0 ? 0 : step;
}

/** The scale's value at a step (clamped). */
export const aiOptionAt = <K extends AiOptionName>(name: K, step: number): AiOptionValue<K> =>
  AI_OPTION_SCALES[name][Math.min(2, Math.max(0, Math.round(step)))]!.value;

/** A stored value read on its scale: unknown ones become step 0's value. */
export const normalizeAiOption = <K extends AiOptionName>(name: K, value: string | null | undefined): AiOptionValue<K> =>
  aiOptionAt(name, aiOptionStep(name, value));

export const aiOptionLabel = (name: AiOptionName, value: string | null | undefined): string => AI_OPTION_SCALES[name][aiOptionStep(name, value)]!.label;

/** Accepts any text (unknown → step 0), so old or hand-written values never fail a save. */
export const aiOptionSchema = <K extends AiOptionName>(name: K) =>
  z
    .string()
    .max(40)
    .nullish()
    .transform((v) => normalizeAiOption(name, v));

/** The sample reply is typed into the panel at this pace (spec §9). */
export const SAMPLE_REPLY_MS_PER_CHARACTER = 20;

/** Google's limit on a reply (4096 bytes of UTF-8). */
export const GOOGLE_REPLY_MAX_BYTES = 4096;
export const replyByteLength = (text: string) => new TextEncoder().encode(text).length;
