import { describe, expect, it } from 'vitest';
import { characterCount, GOOGLE_LIMITS, limitProblem, utf8ByteCount } from './google-limits';
import { CreatePostBodySchema } from './location-content/dto';
import { DescriptionSchema } from './locations/fields';
import { UpdateReviewReplyBodySchema } from './reviews/dto';
import { TemplateBodySchema } from './templates/post';

const failingFields = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe("Google's limits, checked before sending", () => {
  it('a location description is at most 750 characters, an emoji counting as one', () => {
    expect(DescriptionSchema.safeParse('a'.repeat(750)).success).toBe(true);
    expect(DescriptionSchema.safeParse('a'.repeat(751)).success).toBe(false);
    // 750 emoji are 1,500 UTF-16 units but 750 characters for Google
    expect(characterCount('😀'.repeat(750))).toBe(750);
    expect(DescriptionSchema.safeParse('😀'.repeat(750)).success).toBe(true);
    expect(DescriptionSchema.safeParse('😀'.repeat(751)).success).toBe(false);
    expect(limitProblem('description', 'é'.repeat(751))).toBe('Business Description is 751 characters; Google allows at most 750');
  });

  it('a post summary is at most 1,500 characters: refused naming the field, never cut', () => {
    const post = (Summary: string) => CreatePostBodySchema.safeParse({ TopicType: 'STANDARD', Summary });
    expect(post('x'.repeat(GOOGLE_LIMITS.postSummary.max)).success).toBe(true);
    expect(failingFields(post('x'.repeat(1501)))).toEqual(['Summary: Summary must be at most 1,500 characters']);
    expect(post('😀'.repeat(1500)).success).toBe(true);
    // a template's text counts as Google will get it: plain text, tags not counted
    const template = (words: number) =>
      TemplateBodySchema.safeParse({ TopicType: 'STANDARD', TemplateContent: `<p><strong>${'x'.repeat(words)}</strong></p>` });
    expect(template(1500).success).toBe(true);
    expect(failingFields(template(1501))).toEqual(['TemplateContent: Template content is 1,501 characters; Google allows at most 1,500']);
  });

  it('a review reply is at most 4,096 bytes of UTF-8, not characters', () => {
    const reply = (Comment: string) => UpdateReviewReplyBodySchema.safeParse({ LocationId: 'l', ReviewId: 'r', Comment });
    expect(utf8ByteCount('é')).toBe(2);
    expect(utf8ByteCount('😀')).toBe(4);
    expect(reply('a'.repeat(4096)).success).toBe(true);
    expect(reply('é'.repeat(2048)).success).toBe(true);
    // 2,049 characters, 4,098 bytes: over Google's limit though far under 4,096 characters
    expect(failingFields(reply('é'.repeat(2049)))).toEqual(['Comment: Comment must be at most 4,096 bytes']);
    expect(reply('😀'.repeat(1025)).success).toBe(false);
    expect(limitProblem('reviewReply', '😀'.repeat(1025))).toBe('Reply is 4,100 bytes; Google allows at most 4,096');
  });
});
