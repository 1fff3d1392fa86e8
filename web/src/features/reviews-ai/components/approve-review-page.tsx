import { Button, Callout, Card, Classes, Dialog, DialogBody, DialogFooter, H4, NonIdealState, Spinner, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { failureMessage } from '@web/shared/lib/envelope';
import { Avatar } from '@web/shared/ui/avatar';
import { useApprovalViewQuery, useApproveByLinkMutation, type ApprovalView } from '../api/reviews-ai-api';
import { aiTexts, approvalTexts as t } from '../constants';
import '../reviews-ai.css';

const Stars = ({ value }: { value: number }) => (
  <div className="locus-approval-stars" role="img" aria-label={`${value} stars`}>
    {[1, 2, 3, 4, 5].map((n) => (
      <span key={n} className={n <= value ? 'is-on' : 'is-off'}>
        ★
      </span>
    ))}
  </div>
);

function Cards({ token, view, onApproved }: { token: string; view: ApprovalView; onApproved: () => void }) {
  const [reply, setReply] = useState(view.Reply);
  const [approve, approving] = useApproveByLinkMutation();
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      await approve({ token, Comment: reply }).unwrap();
      onApproved();
    } catch (err) {
      setError(failureMessage(err, t.failed));
    }
  };
  return (
    <div className="locus-approval-cards">
      <Card className="locus-approval-card" aria-label="Review">
        <Avatar name={view.Review.ReviewerDisplayName} url={view.Review.ReviewerProfilePhotoUrl} size={64} />
        <H4>{view.Review.ReviewerDisplayName}</H4>
        <Stars value={view.Review.StarRating} />
        <p className="locus-approval-comment">{view.Review.Comment}</p>
      </Card>
      <Card className="locus-approval-card" aria-label="Responding agent">
        <Avatar name={view.Agent.Name} url={view.Agent.PhotoUrl} size={64} />
        <H4>{view.Agent.Name}</H4>
        <div className={Classes.TEXT_MUTED}>
          {view.Agent.Title}
          {view.Agent.BusinessName ? `, ${view.Agent.BusinessName}` : ''}
        </div>
        <TextArea fill autoResize aria-label={t.reply} value={reply} onChange={(e) => setReply(e.currentTarget.value)} />
        {error ? <Callout intent="danger">{error}</Callout> : null}
        <Button intent="primary" large text={t.approve} disabled={!reply.trim()} loading={approving.isLoading} onClick={() => void submit()} />
      </Card>
    </div>
  );
}

/**
 * The public approval page (spec part 2 §2): `reviewid` carries the signed, expiring,
 * single-use link; `approval=1` shows the Congratulations! dialog at once. A tampered, expired
 * or used link gets the server's clear message, never the review.
 */
export default function ApproveReviewPage() {
  const [params] = useSearchParams();
  const token = params.get('reviewid') ?? '';
  const [approved, setApproved] = useState(params.get('approval') === '1');
  const [dialogOpen, setDialogOpen] = useState(approved);
  const { data, error, isLoading } = useApprovalViewQuery(token, { skip: !token || approved });

  return (
    <div className="locus-approval-page">
      {approved ? (
        dialogOpen ? null : (
          <NonIdealState icon="tick-circle" title={aiTexts.congratulationsTitle} description={aiTexts.congratulationsText} />
        )
      ) : !token ? (
        <NonIdealState icon="link" title={t.unavailableTitle} description={t.missingLink} />
      ) : isLoading ? (
        <NonIdealState icon={<Spinner />} description={t.loading} />
      ) : error || !data ? (
        <NonIdealState icon="disable" title={t.unavailableTitle} description={failureMessage(error, t.failed)} />
      ) : (
        <Cards
          token={token}
          view={data}
          onApproved={() => {
            setApproved(true);
            setDialogOpen(true);
          }}
        />
      )}
      <Dialog
        isOpen={dialogOpen}
        onClose={() => setDialogOpen(false)}
        title={aiTexts.congratulationsTitle}
        isCloseButtonShown={false}
        style={{ width: '30vw', minWidth: 280 }}
      >
        <DialogBody>
          <p>{aiTexts.congratulationsText}</p>
        </DialogBody>
        <DialogFooter actions={<Button intent="primary" text={t.close} onClick={() => setDialogOpen(false)} />} />
      </Dialog>
    </div>
  );
}
