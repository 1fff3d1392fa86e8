import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, HTMLSelect, TextArea } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSignedInUser } from '@web/shared/session/session-context';
import { failureMessage } from '@web/shared/lib/envelope';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { toast } from '@web/shared/ui/toaster';
import { AiDraftError, streamAiDraft, type AiDraftTone } from '../api/ai-draft';
import { useDeleteReplyMutation, useUpdateReplyMutation, type ReplyAnswer, type ReviewRow } from '../api/reviews-api';
import { utf8ByteCount } from '@locus/contracts';
import { REVIEW_REPLY_MAX_BYTES, reviewTexts as t } from '../constants';
import { Stars } from './stars';

/** Tells the outcome of a reply write or delete: Google's answer, or that it is still queued. */
function announce(res: ReplyAnswer, fallback: string): boolean {
  if (!res.Success) {
    toast.error(res.ApiError?.ErrorMessage ?? t.genericFailure);
    return false;
  }
  if (!res.Data) toast.info(res.ResponseMessage ?? t.replyStillPending);
  else toast.success(res.ResponseMessage ?? fallback);
  return true;
}

/** Write or edit the reply to one review (sent to Google; the outcome comes back before the dialog closes). */
export function ReplyDialog({ review, onClose }: { review: ReviewRow; onClose: () => void }) {
  const [comment, setComment] = useState(review.ReviewReplyComment ?? '');
  const [update, updateState] = useUpdateReplyMutation();
  const trimmed = comment.trim();
  // what is sent is the trimmed text, so that is what counts
  const bytes = utf8ByteCount(trimmed);
  const tooLong = bytes > REVIEW_REPLY_MAX_BYTES;

  const isAdmin = useSignedInUser().role === 'CompanyAdmin';
  const { confirm } = useConfirm();
  const [tone, setTone] = useState<AiDraftTone | ''>('');
  const [drafting, setDrafting] = useState(false);
  const [drafted, setDrafted] = useState<string | null>(null);
  const [draftError, setDraftError] = useState<AiDraftError | null>(null);
  const stopRef = useRef<AbortController | null>(null);
  useEffect(() => () => stopRef.current?.abort(), []);

  /** Streams a draft into the text as it is written; the person's own text is replaced only once they agree. */
  const draft = async () => {
    const own = trimmed && trimmed !== drafted?.trim() && trimmed !== (review.ReviewReplyComment ?? '').trim();
    if (own && !(await confirm(t.replaceWithDraft))) return;
    const stop = new AbortController();
    stopRef.current = stop;
    setDrafting(true);
    setDraftError(null);
    setComment('');
    try {
      const whole = await streamAiDraft(review.Id, tone || null, (piece) => setComment((c) => c + piece), t.draftFailed, stop.signal);
      setComment(whole);
      setDrafted(whole);
    } catch (err) {
      if (!stop.signal.aborted) setDraftError(err instanceof AiDraftError ? err : new AiDraftError(t.draftFailed, false));
    } finally {
      if (stopRef.current === stop) stopRef.current = null;
      setDrafting(false);
    }
  };

  const submit = async () => {
    try {
      const res = await update({ reviewId: review.Id, locationId: review.LocationId, comment: trimmed }).unwrap();
      if (announce(res, t.replyUpdated)) onClose();
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t.replyDialogTitle} style={{ width: 560 }}>
      <DialogBody>
        <div className="locus-review-quote">
          <strong>{review.ReviewerDisplayName}</strong> <Stars value={review.StarRating} />
          {review.Comment ? <p>{review.Comment}</p> : null}
        </div>
        <div className="locus-ai-draft-bar">
          {drafting ? (
            <Button icon="stop" text={t.stopDraft} onClick={() => stopRef.current?.abort()} />
          ) : (
            <Button icon="predictive-analysis" text={drafted === null ? t.draftWithAi : t.redraft} onClick={() => void draft()} />
          )}
          <HTMLSelect
            aria-label={t.draftTone}
            value={tone}
            disabled={drafting}
            onChange={(e) => setTone(e.currentTarget.value as AiDraftTone | '')}
            options={[{ value: '', label: t.companyTone }, ...(['Positive', 'Neutral', 'Grateful'] as const).map((v) => ({ value: v, label: t.tones[v] }))]}
          />
          <span className={Classes.TEXT_MUTED} aria-live="polite">
            {drafting ? t.drafting : drafted !== null ? t.draftHint : null}
          </span>
        </div>
        {draftError ? (
          <Callout intent={draftError.notSetUp ? 'warning' : 'danger'} data-testid="ai-draft-error" className="locus-ai-draft-error">
            {draftError.message} {draftError.notSetUp && isAdmin ? <Link to="/metadeta">{t.aiSetUpLink}</Link> : null}
          </Callout>
        ) : null}
        <TextArea
          fill
          autoFocus
          readOnly={drafting}
          rows={6}
          value={comment}
          placeholder={t.replyPlaceholder}
          aria-label={t.replyPlaceholder}
          intent={tooLong ? 'danger' : 'none'}
          onChange={(e) => setComment(e.target.value)}
        />
        <div className={tooLong ? `${Classes.INTENT_DANGER} locus-muted` : `${Classes.TEXT_MUTED} locus-muted`} data-testid="reply-bytes" aria-live="polite">
          {t.bytesUsed(bytes, REVIEW_REPLY_MAX_BYTES)}
          {tooLong ? ` — ${t.bytesOver(bytes - REVIEW_REPLY_MAX_BYTES)}` : null}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onClose} />
            <Button intent="primary" text={t.send} loading={updateState.isLoading} disabled={!trimmed || tooLong || drafting} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}

/** Delete a reply on Google, after a confirmation. */
export function useDeleteReply() {
  const [remove, state] = useDeleteReplyMutation();
  const { confirm } = useConfirm();
  const run = async (review: ReviewRow) => {
    if (!(await confirm(t.confirmDeleteReply))) return;
    try {
      announce(await remove(review.Id).unwrap(), t.replyDeleted);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };
  return { run, isLoading: state.isLoading };
}
