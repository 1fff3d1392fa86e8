import { describe, expect, it } from 'vitest';
import { approvalMail } from './reactors';

describe('approvalMail', () => {
  it('shows the expiry as a date people read, not an ISO stamp', () => {
    const mail = approvalMail('a@b.test', 'http://x/approve', { reviewerName: 'Ken', starRating: 2, comment: 'Slow' }, 'Sorry', '2026-11-30T09:05:00.000Z');
    expect(mail.text).toContain('valid until Nov 30, 2026, 9:05 AM UTC');
    expect(mail.html).toContain('valid until Nov 30, 2026, 9:05 AM UTC');
    expect(mail.text).not.toContain('2026-11-30T');
  });
});
