import { Button, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, InputGroup } from '@blueprintjs/core';
import { characterCount, CTA_ACTION_TYPES, GOOGLE_LIMITS, htmlToPlainText, POST_TOPIC_TYPES } from '@locus/contracts';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { SelectField, SwitchField, TextAreaField, TextField } from '@web/shared/forms/contract-fields';
import { showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { VariableEditor } from '@web/shared/variable-editor/variable-editor';
import {
  useSaveTemplateMutation,
  useTemplateLocationItemsQuery,
  useTemplateVariablesQuery,
  useUploadTemplateImageMutation,
  type PostTemplate,
} from '../api/templates-api';
import { CTA_LABELS, templateTexts as t, TOPIC_TYPE_LABELS } from '../constants';
import { templateFormOf, TemplateFormSchema, timeLabel } from '../form/template-form';
import { LocationMultiSelect } from './location-multi-select';
import { FeatureSlot } from '@web/app/feature-slots';

/** Half-hour steps from 00:00 to 23:30 (spec part 2 §9); events default to 00:00. */
const TIMES = Array.from({ length: 48 }, (_, i) => {
  const label = timeLabel(Math.floor(i / 2), (i % 2) * 30);
  return { value: label, label };
});
const TOPIC_TYPES = POST_TOPIC_TYPES.map((v) => ({ value: v, label: TOPIC_TYPE_LABELS[v] }));
const ACTIONS = CTA_ACTION_TYPES.map((v) => ({ value: v, label: CTA_LABELS[v] }));
const danger = (message: string | undefined) => (message ? { intent: 'danger' as const, helperText: message } : {});

/** Create Post Template: a draft (saving posts nothing); Edit loads a draft into the same form. The route's schema checks it. */
export function TemplateEditorDialog({ template, onClose }: { template: PostTemplate | null; onClose: () => void }) {
  const form = useContractForm(TemplateFormSchema, templateFormOf(template));
  const { control, handleSubmit, setValue } = form;
  const [topicType, actionType, enableTime, content, mediaItemUrl] = useWatch({
    control,
    name: ['TopicType', 'CallToAction.ActionType', 'Event.Schedule.EnableTime', 'TemplateContent', 'MediaItemUrl'],
  });
  const { data: variables = [] } = useTemplateVariablesQuery();
  const { data: items = [] } = useTemplateLocationItemsQuery();
  // one location group's locations to pick from, when one is chosen
  const [groupId, setGroupId] = useState('');
  const grouped = useTemplateLocationItemsQuery({ groupId }, { skip: !groupId });
  const [save, saveState] = useSaveTemplateMutation();
  const [upload, uploadState] = useUploadTemplateImageMutation();
  const onImage = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error(t.imageNotImage);
      return;
    }
    try {
      const res = await upload(file).unwrap();
      setValue('MediaItemUrl', res.Url, { shouldValidate: true });
      toast.success(res.ResponseMessage || t.imageUploaded);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const submit = handleSubmit(async (body) => {
    try {
      const res = await save(body).unwrap();
      toast.success(res.ResponseMessage || t.saved);
      onClose();
    } catch (err) {
      showServerFieldErrors(err, form);
      toast.error(failureMessage(err, t.genericFailure));
    }
  });

  const contentLength = characterCount(htmlToPlainText(content));

  return (
    <Dialog isOpen title={template ? t.editTitle : t.createTitle} onClose={onClose} style={{ width: 820, maxWidth: '96vw' }}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <SelectField control={control} name="TopicType" id="template-type" label={t.postType} options={TOPIC_TYPES} />

          {topicType !== 'STANDARD' ? (
            <>
              <TextField control={control} name="Event.EventTitle" id="template-event-title" label={t.eventTitle} required />
              <div className="template-editor-grid">
                <TextField control={control} name="Event.Schedule.StartDate" id="template-start" label={t.startDate} type="date" />
                <TextField control={control} name="Event.Schedule.EndDate" id="template-end" label={t.endDate} type="date" />
              </div>
              <SwitchField
                control={control}
                name="Event.Schedule.EnableTime"
                id="template-enable-time"
                label={t.addTime}
                onChecked={(on) => {
                  if (!on) return;
                  setValue('Event.Schedule.StartTime', '00:00');
                  setValue('Event.Schedule.EndTime', '00:00');
                }}
              />
              {enableTime ? (
                <div className="template-editor-grid">
                  <SelectField control={control} name="Event.Schedule.StartTime" id="template-StartTime" label={t.startTime} options={TIMES} />
                  <SelectField control={control} name="Event.Schedule.EndTime" id="template-EndTime" label={t.endTime} options={TIMES} />
                </div>
              ) : null}
            </>
          ) : null}

          {/* Counted as Google gets it (plain text, before variables are filled in); the server refuses more, and each location's rendered text again before sending. */}
          <Controller
            control={control}
            name="TemplateContent"
            render={({ field, fieldState }) => (
              <FormGroup
                label={t.content}
                labelInfo={
                  <>
                    *{' '}
                    <span
                      data-testid="template-summary-count"
                      className={contentLength > GOOGLE_LIMITS.postSummary.max ? 'bp6-intent-danger' : 'bp6-text-muted'}
                    >
                      {contentLength.toLocaleString('en-US')} / {GOOGLE_LIMITS.postSummary.max.toLocaleString('en-US')}
                    </span>
                  </>
                }
                {...danger(fieldState.error?.message)}
              >
                <VariableEditor label={t.content} value={field.value} onChange={field.onChange} variables={variables} />
              </FormGroup>
            )}
          />

          {topicType === 'OFFER' ? (
            <>
              <TextField control={control} name="Offer.CouponCode" id="template-coupon" label={t.couponCode} />
              <TextField control={control} name="Offer.RedeemOnlineUrl" id="template-redeem" label={t.redeemLink} />
              <TextAreaField control={control} name="Offer.TermsConditions" id="template-terms" label={t.terms} />
            </>
          ) : (
            <div className="template-editor-grid">
              <SelectField
                control={control}
                name="CallToAction.ActionType"
                id="template-cta"
                label={t.addButton}
                options={ACTIONS}
                onChosen={() => form.clearErrors('CallToAction.Url')}
              />
              {actionType === 'ACTION_TYPE_UNSPECIFIED' ? null : actionType === 'CALL' ? (
                <FormGroup label={t.buttonUrl} labelFor="template-cta-url">
                  <InputGroup id="template-cta-url" disabled value={t.callPhone} />
                </FormGroup>
              ) : (
                <TextField control={control} name="CallToAction.Url" id="template-cta-url" label={t.buttonUrl} placeholder="https://" />
              )}
            </div>
          )}

          <Controller
            control={control}
            name="MediaItemUrl"
            render={({ fieldState }) => (
              <FormGroup label={t.image} labelFor="template-image-file" {...danger(fieldState.error?.message)}>
                {mediaItemUrl ? (
                  <div className="template-image">
                    <img src={mediaItemUrl} alt={t.image} />
                    <Button icon="trash" text={t.removeImage} onClick={() => setValue('MediaItemUrl', '', { shouldValidate: true })} />
                  </div>
                ) : (
                  <FileInput
                    inputProps={{ id: 'template-image-file', accept: 'image/*', 'aria-label': t.image }}
                    text={uploadState.isLoading ? '…' : t.chooseImage}
                    disabled={uploadState.isLoading}
                    onInputChange={(e) => void onImage(e.currentTarget.files?.[0])}
                  />
                )}
              </FormGroup>
            )}
          />

          <TextField control={control} name="ScheduleDate" id="template-schedule" label={t.scheduleDate} type="datetime-local" />

          <Controller
            control={control}
            name="TemplateLocationIds"
            render={({ field, fieldState }) => (
              <FormGroup label={t.locations} {...danger(fieldState.error?.message)}>
                <FeatureSlot name="locationGroupFilter" value={groupId} onChange={setGroupId} />
                <LocationMultiSelect items={groupId ? (grouped.data ?? []) : items} selected={field.value} onChange={field.onChange} />
              </FormGroup>
            )}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={onClose} />
              <Button type="submit" intent="primary" text={t.save} loading={saveState.isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
