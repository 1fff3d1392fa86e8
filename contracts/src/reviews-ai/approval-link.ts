/**
 * The approval link: `/approve-review?reviewid=<token>` where the token is signed (HMAC, see
 * platform's createLinkSigner with this purpose) over `<reviewId>/<approvalId>` and an expiry.
 */
export const APPROVAL_LINK_PURPOSE = 'review-approval';
export const APPROVAL_PAGE_PATH = '/approve-review';

export const approvalLinkId = (reviewId: string, approvalId: string) => `${reviewId}/${approvalId}`;
export const parseApprovalLinkId = (id: string): { reviewId: string; approvalId: string } | null => {
  const [reviewId, approvalId, ...rest] = id.split('/');
  return reviewId && approvalId && rest.length === 0 ? { reviewId, approvalId } : null;
};
export const approvalPageLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}${APPROVAL_PAGE_PATH}?reviewid=${encodeURIComponent(token)}`;
