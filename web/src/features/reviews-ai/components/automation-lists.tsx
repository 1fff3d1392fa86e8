import { Button, Card, H6, NonIdealState, Tag, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { formatDateTime } from '@web/shared/lib/dates';
import { failureMessage } from '@web/shared/lib/envelope';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { toast } from '@web/shared/ui/toaster';
import {
  useApproveReplyMutation,
  useCancelAutoReplyMutation,
  useRejectReplyMutation,
  useReviewAutomationQuery,
  type AutomationItem,
} from '../api/reviews-ai-api';
import { aiTexts as t } from '../constants';

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(Math.max(0, 5 - n));

function ReviewHeader({ item }: { item: AutomationItem }) {
  return (
    <div className="locus-ai-item-header">
      <strong>{item.ReviewerDisplayName}</strong>{' '}
      <span role="img" aria-label={`${item.StarRating} stars`}>
        {stars(item.StarRating)}
      </span>
      {item.Comment ? <blockquote className="locus-ai-item-review">{item.Comment}</blockquote> : null}
    </div>
  );
}

/** Drafts waiting for their delay (live): each can be cancelled before it is posted. */
export function OutboxPanel() {
  const { data = [] } = useReviewAutomationQuery({ Status: 'scheduled' });
  const { data: failed = [] } = useReviewAutomationQuery({ Status: 'failed' });
  const [cancel] = useCancelAutoReplyMutation();
  const { confirm } = useConfirm();
  const onCancel = async (item: AutomationItem) => {
    if (!(await confirm(t.cancelConfirm))) return;
    try {
      const res = await cancel(item.ReviewId).unwrap();
      toast.success(res.ResponseMessage || t.cancelled);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };
  return (
    <section className="locus-ai-outbox" aria-label={t.outboxTitle}>
      <H6>
        {t.outboxTitle} <Tag minimal>{data.length}</Tag>
      </H6>
      {data.length === 0 ? <NonIdealState icon="inbox" description={t.outboxEmpty} /> : null}
      {data.map((item) => (
        <Card key={item.ReviewId} className="locus-ai-item" aria-label={`Outbox reply to ${item.ReviewerDisplayName}`}>
          <ReviewHeader item={item} />
          <p className="locus-ai-item-reply">{item.Reply}</p>
          <div className="locus-ai-item-footer">
            <span className="locus-muted">
              {t.postsAt} {item.DueAt ? formatDateTime(item.DueAt) : ''}
            </span>
            <Button size="small" icon="cross" text={t.cancelReply} onClick={() => void onCancel(item)} />
          </div>
        </Card>
      ))}
      {failed.length ? (
        <>
          <H6>{t.failedTitle}</H6>
          {failed.map((item) => (
            <Card key={item.ReviewId} className="locus-ai-item">
              <ReviewHeader item={item} />
              <p className="locus-error-text">{item.Error}</p>
            </Card>
          ))}
        </>
      ) : null}
    </section>
  );
}

function ApprovalCard({ item }: { item: AutomationItem }) {
  const [reply, setReply] = useState(item.Reply ?? '');
  useEffect(() => setReply(item.Reply ?? ''), [item.Reply]);
  const [approve, approving] = useApproveReplyMutation();
  const [reject, rejecting] = useRejectReplyMutation();
  const { confirm } = useConfirm();
  const onApprove = async () => {
    try {
      const res = await approve({ reviewId: item.ReviewId, Comment: reply }).unwrap();
      toast.success(res.ResponseMessage || t.approved);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };
  const onReject = async () => {
    if (!(await confirm(t.rejectConfirm))) return;
    try {
      const res = await reject(item.ReviewId).unwrap();
      toast.success(res.ResponseMessage || t.rejected);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };
  return (
    <Card className="locus-ai-item" aria-label={`Approval of the reply to ${item.ReviewerDisplayName}`}>
      <ReviewHeader item={item} />
      <TextArea fill autoResize aria-label="Reply to approve" value={reply} onChange={(e) => setReply(e.currentTarget.value)} />
      <div className="locus-ai-item-footer">
        <Button
          size="small"
          intent="success"
          icon="tick"
          text={t.approve}
          disabled={!reply.trim()}
          loading={approving.isLoading}
          onClick={() => void onApprove()}
        />
        <Button size="small" intent="danger" icon="cross" text={t.reject} loading={rejecting.isLoading} onClick={() => void onReject()} />
      </div>
    </Card>
  );
}

/** Drafts a rule sent for approval (live): approve as is or edited, or reject. */
export function ApprovalsPanel() {
  const { data = [] } = useReviewAutomationQuery({ Status: 'awaiting-approval' });
  return (
    <section className="locus-ai-approvals" aria-label={t.approvalsTitle}>
      <H6>
        {t.approvalsTitle} <Tag minimal>{data.length}</Tag>
      </H6>
      {data.length === 0 ? <NonIdealState icon="endorsed" description={t.approvalsEmpty} /> : null}
      {data.map((item) => (
        <ApprovalCard key={item.ReviewId} item={item} />
      ))}
    </section>
  );
}
