import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, ProgressBar, Switch, TextArea } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { characterCount, GOOGLE_LIMITS } from '@locus/contracts';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useCreatePostMutation, useUploadFileMutation } from '../../api/content-api';
import { mediaFileProblem } from './media-section';
import { CALL_TO_ACTIONS, POST_TYPES, sectionTexts as t } from './constants';
import { ctaNeedsUrl, emptyPostForm, postFormProblems, postRequestOf, withTime, withTopicType, type PostForm } from './section-rules';

interface Props {
  locationId: string;
  companyId: string;
  phone: string;
  onClose: () => void;
}

/** Create Post (550px): Standard, Event or Offer, an image, a call to action (spec part 2 §2, §4, §5). */
export function CreatePostDialog({ locationId, companyId, phone, onClose }: Props) {
  const [form, setForm] = useState<PostForm>(emptyPostForm);
  const [problems, setProblems] = useState<Partial<Record<keyof PostForm, string>>>({});
  const [create, createState] = useCreatePostMutation();
  const [uploadFile, uploadState] = useUploadFileMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const set = (change: Partial<PostForm>) => {
    setForm((f) => ({ ...f, ...change }));
    setProblems((p) => {
      const next = { ...p };
      for (const k of Object.keys(change) as (keyof PostForm)[]) delete next[k];
      return next;
    });
  };
  const isEvent = form.TopicType !== 'STANDARD';
  const summaryLength = characterCount(form.Summary.trim());

  const onImage = async (file: File | undefined) => {
    if (!file) return;
    const problem = await mediaFileProblem(file, 'ADDITIONAL');
    if (fileInput.current) fileInput.current.value = '';
    if (problem) return void toast.error(problem);
    try {
      const res = await uploadFile({ companyId, file }).unwrap();
      set({ MediaUrl: res.Url });
    } catch (err) {
      toast.error(failureMessage(err, t.googleRefused));
    }
  };

  const submit = async () => {
    const found = postFormProblems(form);
    setProblems(found);
    if (found.Url) toast.error(t.postUrlRequired);
    if (Object.keys(found).length) return;
    try {
      const res = await create({ id: locationId, body: postRequestOf(form) }).unwrap();
      // the server's message says what Google did; the toast's kind follows Google's state
      if (res.Data.State === 'REJECTED') toast.error(res.ResponseMessage);
      else if (res.Data.State === 'LIVE') toast.success(res.ResponseMessage);
      else toast.info(res.ResponseMessage);
      onClose();
    } catch (err) {
      toast.error(failureMessage(err, t.googleRefused));
    }
  };

  const field = (key: keyof PostForm) => ({ intent: problems[key] ? ('danger' as const) : ('none' as const), helperText: problems[key] });

  return (
    <Dialog isOpen title={t.createPost} onClose={onClose} style={{ width: 550 }} className="locus-create-post">
      <DialogBody>
        <FormGroup label={t.postType} labelFor="post-type">
          <HTMLSelect
            id="post-type"
            fill
            value={form.TopicType}
            onChange={(e) => setForm((f) => withTopicType(f, e.currentTarget.value as PostForm['TopicType']))}
          >
            {POST_TYPES.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t.image}>
          <input ref={fileInput} type="file" accept="image/*" hidden data-testid="post-image" onChange={(e) => void onImage(e.currentTarget.files?.[0])} />
          {form.MediaUrl ? (
            <div className="locus-post-image">
              <img src={form.MediaUrl} alt="" />
              <Button icon="cross" variant="minimal" text={t.removeImage} onClick={() => set({ MediaUrl: null })} />
            </div>
          ) : (
            <Button icon="media" text={t.chooseImage} loading={uploadState.isLoading} onClick={() => fileInput.current?.click()} />
          )}
        </FormGroup>
        {isEvent ? (
          <>
            <FormGroup label={t.eventTitle} labelFor="post-event-title" {...field('EventTitle')}>
              <InputGroup id="post-event-title" maxLength={58} value={form.EventTitle} onValueChange={(v) => set({ EventTitle: v })} />
            </FormGroup>
            <div className="locus-post-row">
              <FormGroup label={t.startDate} labelFor="post-start-date" {...field('StartDate')}>
                <InputGroup id="post-start-date" type="date" value={form.StartDate} onValueChange={(v) => set({ StartDate: v })} />
              </FormGroup>
              <FormGroup label={t.endDate} labelFor="post-end-date" {...field('EndDate')}>
                <InputGroup id="post-end-date" type="date" value={form.EndDate} onValueChange={(v) => set({ EndDate: v })} />
              </FormGroup>
            </div>
            <Switch label={t.addTime} checked={form.EnableTime} onChange={(e) => setForm((f) => withTime(f, e.currentTarget.checked))} />
            {form.EnableTime ? (
              <div className="locus-post-row">
                <FormGroup label={t.startTime} labelFor="post-start-time">
                  <InputGroup id="post-start-time" type="time" step={1800} value={form.StartTime} onValueChange={(v) => set({ StartTime: v })} />
                </FormGroup>
                <FormGroup label={t.endTime} labelFor="post-end-time">
                  <InputGroup id="post-end-time" type="time" step={1800} value={form.EndTime} onValueChange={(v) => set({ EndTime: v })} />
                </FormGroup>
              </div>
            ) : null}
          </>
        ) : null}
        {/* No maxLength: a browser would cut a pasted text silently; the counter shows Google's limit and Post refuses above it. */}
        <FormGroup
          label={t.summary}
          labelFor="post-summary"
          {...field('Summary')}
          labelInfo={
            <span data-testid="post-summary-count" className={summaryLength > GOOGLE_LIMITS.postSummary.max ? 'bp6-intent-danger' : 'bp6-text-muted'}>
              {summaryLength.toLocaleString('en-US')} / {GOOGLE_LIMITS.postSummary.max.toLocaleString('en-US')}
            </span>
          }
        >
          <TextArea
            id="post-summary"
            fill
            rows={5}
            placeholder={t.summaryPlaceholder}
            value={form.Summary}
            intent={summaryLength > GOOGLE_LIMITS.postSummary.max ? 'danger' : 'none'}
            onChange={(e) => set({ Summary: e.currentTarget.value })}
          />
        </FormGroup>
        {form.TopicType === 'OFFER' ? (
          <>
            <FormGroup label={t.couponCode} labelFor="post-coupon">
              <InputGroup id="post-coupon" maxLength={58} value={form.CouponCode} onValueChange={(v) => set({ CouponCode: v })} />
            </FormGroup>
            <FormGroup label={t.redeemLink} labelFor="post-redeem">
              <InputGroup id="post-redeem" placeholder="https://" value={form.RedeemOnlineUrl} onValueChange={(v) => set({ RedeemOnlineUrl: v })} />
            </FormGroup>
            <FormGroup label={t.terms} labelFor="post-terms">
              <TextArea id="post-terms" fill rows={2} value={form.TermsConditions} onChange={(e) => set({ TermsConditions: e.currentTarget.value })} />
            </FormGroup>
          </>
        ) : null}
        <FormGroup label={t.addButton} labelFor="post-cta">
          <HTMLSelect id="post-cta" fill value={form.ActionType} onChange={(e) => set({ ActionType: e.currentTarget.value, Url: '' })}>
            {CALL_TO_ACTIONS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {form.ActionType === 'CALL' ? <InputGroup aria-label={t.buttonUrl} disabled value={t.callPhone(phone)} /> : null}
        {ctaNeedsUrl(form.ActionType) ? (
          <FormGroup label={t.buttonUrl} labelFor="post-cta-url" {...field('Url')}>
            <InputGroup id="post-cta-url" placeholder="https://" value={form.Url} onValueChange={(v) => set({ Url: v })} />
          </FormGroup>
        ) : null}
        {form.TopicType === 'OFFER' && ctaNeedsUrl(form.ActionType) ? (
          <Callout intent="primary" compact>
            {t.offerButtonNote}
          </Callout>
        ) : null}
        {createState.isLoading ? <ProgressBar intent="primary" /> : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onClose} />
            <Button intent="primary" text={t.publish} loading={createState.isLoading} disabled={uploadState.isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}
