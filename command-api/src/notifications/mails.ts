import type { DigestCounts } from '@locus/contracts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);
const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const footer = (unsubscribe: string) => ({
  text: `\n\n--\nYou get this mail because of your notification settings in Locus (your profile page).\nUnsubscribe from review alerts and digests: ${unsubscribe}`,
  html: `<hr><p style="color:#666;font-size:12px">You get this mail because of your notification settings in Locus (your profile page). <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a> from review alerts and digests.</p>`,
});

export interface AlertReview {
  reviewerName: string;
  starRating: number;
  comment: string | null;
  locationTitle: string;
}

export function alertMail(to: string, review: AlertReview, reviewsUrl: string, unsubscribe: { link: string; headers: Record<string, string> }) {
  const quote = review.comment?.trim() || '(no text)';
  const where = review.locationTitle || 'one of your locations';
  const end = footer(unsubscribe.link);
  return {
    to,
    subject: `New ${review.starRating}-star review for ${where}`,
    text: `${review.reviewerName} left a ${review.starRating}-star review (${stars(review.starRating)}) for ${where}:\n${quote}\n\nRead and answer it in Locus: ${reviewsUrl}${end.text}`,
    html: `<p><strong>${escapeHtml(review.reviewerName)}</strong> left a ${review.starRating}-star review (${stars(review.starRating)}) for <strong>${escapeHtml(where)}</strong>:</p><blockquote>${escapeHtml(quote)}</blockquote><p><a href="${escapeHtml(reviewsUrl)}">Read and answer it in Locus</a></p>${end.html}`,
    headers: unsubscribe.headers,
  };
}

export interface DigestRow extends DigestCounts {
  name: string;
}

const average = (n: number | null) => (n === null ? '–' : n.toFixed(2));
const change = (now: number | null, before: number | null) => {
  if (now === null || before === null) return 'no change to compare';
  const d = Math.round((now - before) * 100) / 100;
  return d === 0 ? 'unchanged' : `${d > 0 ? '+' : ''}${d.toFixed(2)}`;
};
const line = (r: DigestRow) =>
  `${r.name}: ${r.newReviews} new review${r.newReviews === 1 ? '' : 's'}, ${r.unanswered} unanswered, average rating ${average(r.averageRating)} (${change(r.averageRating, r.previousAverageRating)})`;

export function digestMail(
  to: string,
  digest: { frequency: 'daily' | 'weekly'; periodStart: string; periodEnd: string; rows: DigestRow[] },
  reviewsUrl: string,
  unsubscribe: { link: string; headers: Record<string, string> },
) {
  const last = new Date(new Date(digest.periodEnd).getTime() - 1);
  const period = digest.frequency === 'daily' ? DAY.format(last) : `${DAY.format(new Date(digest.periodStart))} – ${DAY.format(last)}`;
  const end = footer(unsubscribe.link);
  const head = digest.frequency === 'daily' ? 'Daily' : 'Weekly';
  const cells = (r: DigestRow) =>
    [escapeHtml(r.name), r.newReviews, r.unanswered, average(r.averageRating), change(r.averageRating, r.previousAverageRating)]
      .map((c) => `<td>${c}</td>`)
      .join('');
  return {
    to,
    subject: `${head} review digest: ${period}`,
    text: `Your reviews, ${period} (UTC):\n\n${digest.rows.map(line).join('\n')}\n\nUnanswered counts every review still without a reply; the change compares the average with the ${digest.frequency === 'daily' ? 'day' : 'week'} before.\nOpen Locus: ${reviewsUrl}${end.text}`,
    html: `<p>Your reviews, ${escapeHtml(period)} (UTC):</p><table cellpadding="4" border="1" style="border-collapse:collapse"><tr><th>Locations</th><th>New reviews</th><th>Unanswered</th><th>Average rating</th><th>Change</th></tr>${digest.rows.map((r) => `<tr>${cells(r)}</tr>`).join('')}</table><p><a href="${escapeHtml(reviewsUrl)}">Open the reviews in Locus</a></p>${end.html}`,
    headers: unsubscribe.headers,
  };
}
