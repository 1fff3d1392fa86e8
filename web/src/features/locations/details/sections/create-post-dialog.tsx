import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, ProgressBar } from '@blueprintjs/core';
import { useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { characterCount, GOOGLE_LIMITS } from '@locus/contracts';
import { SelectField, SwitchField, TextAreaField, TextField } from '@web/shared/forms/contract-fields';
import { showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useCreatePostMutation, useUploadFileMutation } from '../../api/content-api';
import { mediaFileProblem } from './media-section';
import { CALL_TO_ACTIONS, POST_TYPES, sectionTexts as t } from './constants';
import { ctaNeedsUrl, emptyPostForm, PostFormSchema, timesOf, withTopicType } from './section-rules';

interface Props {
  locationId: string;
  companyId: string;
  phone: string;
  onClose: () => void;
}

/** Create Post (550px): Standard, Event or Offer, an image, a call to action (spec part 2 §2, §4, §5), checked by the route's schema. */
export function CreatePostDialog({ locationId, companyId, phone, onClose }: Props) {
  const form = useContractForm(PostFormSchema, emptyPostForm());
  const { control, handleSubmit, getValues, reset, setValue } = form;
  const [topicType, summary, mediaUrl, actionType, enableTime] = useWatch({
    control,
    name: ['TopicType', 'Summary', 'MediaUrl', 'CallToAction.ActionType', 'Event.Schedule.EnableTime'],
  });
  const [create, createState] = useCreatePostMutation();
  const [uploadFile, uploadState] = useUploadFileMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const isEvent = topicType !== 'STANDARD';
  const summaryLength = characterCount(summary.trim());

  const onImage = async (file: File | undefined) => {
    if (!file) return;
    const problem = await mediaFileProblem(file, 'ADDITIONAL');
    if (fileInput.current) fileInput.current.value = '';
    if (problem) return void toast.error(problem);
    try {
      const res = await uploadFile({ companyId, file }).unwrap();
      setValue('MediaUrl', res.Url);
    } catch (err) {
      toast.error(failureMessage(err, t.googleRefused));
    }
  };

  const submit = handleSubmit(
    async (body) => {
      try {
        const res = await create({ id: locationId, body }).unwrap();
        // the server's message says what Google did; the toast's kind follows Google's state
        if (res.Data.State === 'REJECTED') toast.error(res.ResponseMessage);
        else if (res.Data.State === 'LIVE') toast.success(res.ResponseMessage);
        else toast.info(res.ResponseMessage);
        onClose();
      } catch (err) {
        showServerFieldErrors(err, form);
        toast.error(failureMessage(err, t.googleRefused));
      }
    },
    (errors) => {
      if (errors.CallToAction?.Url) toast.error(t.postUrlRequired);
    },
  );

  return (
    <Dialog isOpen title={t.createPost} onClose={onClose} style={{ width: 550 }} className="locus-create-post">
      <DialogBody>
        <SelectField
          control={control}
          name="TopicType"
          id="post-type"
          label={t.postType}
          options={POST_TYPES}
          onChosen={() => reset(withTopicType(getValues(), getValues('TopicType')))}
        />
        <FormGroup label={t.image}>
          <input ref={fileInput} type="file" accept="image/*" hidden data-testid="post-image" onChange={(e) => void onImage(e.currentTarget.files?.[0])} />
          {mediaUrl ? (
            <div className="locus-post-image">
              <img src={mediaUrl} alt="" />
              <Button icon="cross" variant="minimal" text={t.removeImage} onClick={() => setValue('MediaUrl', null)} />
            </div>
          ) : (
            <Button icon="media" text={t.chooseImage} loading={uploadState.isLoading} onClick={() => fileInput.current?.click()} />
          )}
        </FormGroup>
        {isEvent ? (
          <>
            <TextField control={control} name="Event.EventTitle" id="post-event-title" label={t.eventTitle} />
            <div className="locus-post-row">
              <TextField control={control} name="Event.Schedule.StartDate" id="post-start-date" label={t.startDate} type="date" />
              <TextField control={control} name="Event.Schedule.EndDate" id="post-end-date" label={t.endDate} type="date" />
            </div>
            <SwitchField
              control={control}
              name="Event.Schedule.EnableTime"
              id="post-enable-time"
              label={t.addTime}
              onChecked={(on) => {
                const times = timesOf(on);
                setValue('Event.Schedule.StartTime', times.StartTime);
                setValue('Event.Schedule.EndTime', times.EndTime);
              }}
            />
            {enableTime ? (
              <div className="locus-post-row">
                <TextField control={control} name="Event.Schedule.StartTime" id="post-start-time" label={t.startTime} type="time" step={1800} />
                <TextField control={control} name="Event.Schedule.EndTime" id="post-end-time" label={t.endTime} type="time" step={1800} />
              </div>
            ) : null}
          </>
        ) : null}
        {/* No maxLength: a browser would cut a pasted text silently; the counter shows Google's limit and the schema refuses above it. */}
        <TextAreaField
          control={control}
          name="Summary"
          id="post-summary"
          label={t.summary}
          rows={5}
          placeholder={t.summaryPlaceholder}
          labelInfo={
            <span data-testid="post-summary-count" className={summaryLength > GOOGLE_LIMITS.postSummary.max ? 'bp6-intent-danger' : 'bp6-text-muted'}>
              {summaryLength.toLocaleString('en-US')} / {GOOGLE_LIMITS.postSummary.max.toLocaleString('en-US')}
            </span>
          }
        />
        {topicType === 'OFFER' ? (
          <>
            <TextField control={control} name="Offer.CouponCode" id="post-coupon" label={t.couponCode} />
            <TextField control={control} name="Offer.RedeemOnlineUrl" id="post-redeem" label={t.redeemLink} placeholder="https://" />
            <TextAreaField control={control} name="Offer.TermsConditions" id="post-terms" label={t.terms} rows={2} />
          </>
        ) : null}
        <SelectField
          control={control}
          name="CallToAction.ActionType"
          id="post-cta"
          label={t.addButton}
          options={CALL_TO_ACTIONS}
          onChosen={() => setValue('CallToAction.Url', '')}
        />
        {actionType === 'CALL' ? <InputGroup aria-label={t.buttonUrl} disabled value={t.callPhone(phone)} /> : null}
        {ctaNeedsUrl(actionType) ? <TextField control={control} name="CallToAction.Url" id="post-cta-url" label={t.buttonUrl} placeholder="https://" /> : null}
        {topicType === 'OFFER' && ctaNeedsUrl(actionType) ? (
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
