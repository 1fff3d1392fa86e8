import { Dialog, DialogBody, NonIdealState, Spinner, SpinnerSize } from '@blueprintjs/core';
import { formatDateTime } from '@web/shared/lib/dates';
import { useReviewQuery, type ReviewRow } from '../api/reviews-api';
import { reviewTexts as t } from '../constants';
import { Stars } from './stars';

const KIND_TEXT: Record<string, string> = {
  received: t.historyReceived,
  updated: t.historyUpdated,
  removed: t.reviewRemoved,
  'reply-posted': t.historyReplyPosted,
  'reply-deleted': t.historyReplyDeleted,
  'reply-failed': t.failed,
};

/** A review's history: its earlier stars and text after the reviewer changed them, replies, removal. */
export function HistoryDialog({ review, onClose }: { review: ReviewRow; onClose: () => void }) {
  const { data, isLoading } = useReviewQuery(review.Id);
  return (
    <Dialog isOpen onClose={onClose} title={`${t.history}: ${review.ReviewerDisplayName}`} style={{ width: 560 }}>
      <DialogBody>
        {isLoading ? (
          <Spinner size={SpinnerSize.SMALL} />
        ) : !data?.History.length ? (
          <NonIdealState description={t.noReviews} />
        ) : (
          <ol className="locus-review-history" data-testid="review-history">
            {data.History.map((h, i) => (
              <li key={i}>
                <div>
                  <strong>{KIND_TEXT[h.Kind] ?? h.Kind}</strong> <span className="locus-muted">{formatDateTime(h.At)}</span>
                  {h.By && h.By.kind !== 'google' ? <span className="locus-muted"> {t.replyBy(h.By.name)}</span> : null}
                </div>
                {h.StarRating !== null ? <Stars value={h.StarRating} /> : null}
                {h.Comment ? <p className="locus-review-comment">{h.Comment}</p> : null}
                {h.Message ? <div className="locus-muted">{h.Message}</div> : null}
              </li>
            ))}
          </ol>
        )}
      </DialogBody>
    </Dialog>
  );
}
