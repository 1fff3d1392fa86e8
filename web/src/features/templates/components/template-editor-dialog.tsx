import { Button, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, HTMLSelect, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import {
  characterCount,
  CTA_ACTION_TYPES,
  ctaNeedsUrl,
  GOOGLE_LIMITS,
  htmlToPlainText,
  POST_TOPIC_TYPES,
  type CtaActionType,
  type PostTopicType,
  type TemplateBody,
} from '@locus/contracts';
import { useState, type FormEvent } from 'react';
import { failureMessage, fieldErrorsOf } from '@web/shared/lib/envelope';
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
import { LocationMultiSelect } from './location-multi-select';
import { FeatureSlot } from '@web/app/feature-slots';

/** Half-hour steps from 00:00 to 23:30 (spec part 2 §9); events default to 00:00. */
const TIMES = Array.from({ length: 48 }, (_, i) => ({ hours: Math.floor(i / 2), minutes: (i % 2) * 30 }));
const timeLabel = (h: number, m: number) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
const today = () => new Date().toISOString().slice(0, 10);
/** `datetime-local` value (local time) of an ISO instant, and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

interface Form {
  TopicType: PostTopicType;
  TemplateContent: string;
  MediaItemUrl: string;
  ActionType: CtaActionType;
  Url: string;
  EventTitle: string;
  StartDate: string;
  EndDate: string;
  EnableTime: boolean;
  StartTime: string;
  EndTime: string;
  CouponCode: string;
  RedeemOnlineUrl: string;
  TermsConditions: string;
  TemplateLocationIds: string[];
  ScheduleDate: string;
}

const formOf = (template: PostTemplate | null): Form => ({
  TopicType: template?.TopicType ?? 'STANDARD',
  TemplateContent: template?.TemplateContent ?? '',
  MediaItemUrl: template?.MediaItemUrl ?? '',
  ActionType: template?.CallToAction?.ActionType ?? 'ACTION_TYPE_UNSPECIFIED',
  Url: template?.CallToAction?.Url ?? '',
  EventTitle: template?.Event?.EventTitle ?? '',
  StartDate: template?.Event?.Schedule.StartDate ?? today(),
  EndDate: template?.Event?.Schedule.EndDate ?? today(),
  EnableTime: template?.Event?.Schedule.EnableTime ?? false,
  StartTime: timeLabel(template?.Event?.Schedule.StartTime?.Hours ?? 0, template?.Event?.Schedule.StartTime?.Minutes ?? 0),
  EndTime: timeLabel(template?.Event?.Schedule.EndTime?.Hours ?? 0, template?.Event?.Schedule.EndTime?.Minutes ?? 0),
  CouponCode: template?.Offer?.CouponCode ?? '',
  RedeemOnlineUrl: template?.Offer?.RedeemOnlineUrl ?? '',
  TermsConditions: template?.Offer?.TermsConditions ?? '',
  TemplateLocationIds: template?.TemplateLocationIds ?? [],
  ScheduleDate: toLocalInput(template?.ScheduleDate ?? null),
});

const timeOf = (label: string) => {
  const [h, m] = label.split(':').map(Number);
  return { Hours: h ?? 0, Minutes: m ?? 0 };
};

function bodyOf(form: Form, id: string | null): TemplateBody {
  const withEvent = form.TopicType !== 'STANDARD';
  return {
    Id: id,
    TopicType: form.TopicType,
    TemplateContent: form.TemplateContent,
    MediaItemUrl: form.MediaItemUrl.trim() || null,
    CallToAction: form.TopicType === 'OFFER' ? null : { ActionType: form.ActionType, Url: ctaNeedsUrl(form.ActionType) ? form.Url.trim() : null },
    Event: withEvent
      ? {
          EventTitle: form.EventTitle,
          Schedule: {
            StartDate: form.StartDate,
            EndDate: form.EndDate,
            EnableTime: form.EnableTime,
            StartTime: form.EnableTime ? timeOf(form.StartTime) : null,
            EndTime: form.EnableTime ? timeOf(form.EndTime) : null,
          },
        }
      : null,
    Offer: form.TopicType === 'OFFER' ? { CouponCode: form.CouponCode, RedeemOnlineUrl: form.RedeemOnlineUrl, TermsConditions: form.TermsConditions } : null,
    TemplateLocationIds: form.TemplateLocationIds,
    ScheduleDate: fromLocalInput(form.ScheduleDate),
  };
}

/** Create Post Template: a draft (saving posts nothing); Edit loads a draft into the same form. */
export function TemplateEditorDialog({ template, onClose }: { template: PostTemplate | null; onClose: () => void }) {
  const [form, setForm] = useState<Form>(() => formOf(template));
  const [errors, setErrors] = useState<Record<string, string>>({});
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
      set('MediaItemUrl', res.Url);
      toast.success(res.ResponseMessage || t.imageUploaded);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const urlMissing = form.TopicType !== 'OFFER' && ctaNeedsUrl(form.ActionType) && !/^https?:\/\/\S+$/i.test(form.Url.trim());
  const contentMissing = form.TemplateContent.replace(/<[^>]*>/g, '').trim() === '';
  const eventMissing = form.TopicType !== 'STANDARD' && (!form.EventTitle.trim() || !form.StartDate || !form.EndDate);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (contentMissing) local.TemplateContent = 'Template content is required';
    if (urlMissing) local['CallToAction.Url'] = t.updateUrl;
    if (eventMissing) local['Event.EventTitle'] = 'Event title is required';
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      const res = await save(bodyOf(form, template?.Id ?? null)).unwrap();
      toast.success(res.ResponseMessage || t.saved);
      onClose();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const err = (field: string) => (errors[field] ? { intent: 'danger' as const, helperText: errors[field] } : {});
  const contentLength = characterCount(htmlToPlainText(form.TemplateContent));

  return (
    <Dialog isOpen title={template ? t.editTitle : t.createTitle} onClose={onClose} style={{ width: 820, maxWidth: '96vw' }}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <FormGroup label={t.postType} labelFor="template-type">
            <HTMLSelect
              id="template-type"
              value={form.TopicType}
              onChange={(e) => set('TopicType', e.currentTarget.value as PostTopicType)}
              options={POST_TOPIC_TYPES.map((v) => ({ value: v, label: TOPIC_TYPE_LABELS[v] }))}
            />
          </FormGroup>

          {form.TopicType !== 'STANDARD' ? (
            <>
              <FormGroup label={t.eventTitle} labelFor="template-event-title" labelInfo="*" {...err('Event.EventTitle')}>
                <InputGroup id="template-event-title" value={form.EventTitle} maxLength={58} onValueChange={(v) => set('EventTitle', v)} />
              </FormGroup>
              <div className="template-editor-grid">
                <FormGroup label={t.startDate} labelFor="template-start">
                  <input
                    id="template-start"
                    className="bp6-input bp6-fill"
                    type="date"
                    value={form.StartDate}
                    onChange={(e) => set('StartDate', e.currentTarget.value)}
                  />
                </FormGroup>
                <FormGroup label={t.endDate} labelFor="template-end" {...err('Event.Schedule.EndDate')}>
                  <input
                    id="template-end"
                    className="bp6-input bp6-fill"
                    type="date"
                    value={form.EndDate}
                    onChange={(e) => set('EndDate', e.currentTarget.value)}
                  />
                </FormGroup>
              </div>
              <Switch
                label={t.addTime}
                checked={form.EnableTime}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setForm((f) => ({ ...f, EnableTime: on, ...(on ? { StartTime: '00:00', EndTime: '00:00' } : {}) }));
                }}
              />
              {form.EnableTime ? (
                <div className="template-editor-grid">
                  {(['StartTime', 'EndTime'] as const).map((key) => (
                    <FormGroup key={key} label={key === 'StartTime' ? t.startTime : t.endTime} labelFor={`template-${key}`}>
                      <HTMLSelect
                        id={`template-${key}`}
                        fill
                        value={form[key]}
                        onChange={(e) => set(key, e.currentTarget.value)}
                        options={TIMES.map((x) => timeLabel(x.hours, x.minutes))}
                      />
                    </FormGroup>
                  ))}
                </div>
              ) : null}
            </>
          ) : null}

          {/* Counted as Google gets it (plain text, before variables are filled in); the server refuses more, and each location's rendered text again before sending. */}
          <FormGroup
            label={t.content}
            labelInfo={
              <>
                *{' '}
                <span data-testid="template-summary-count" className={contentLength > GOOGLE_LIMITS.postSummary.max ? 'bp6-intent-danger' : 'bp6-text-muted'}>
                  {contentLength.toLocaleString('en-US')} / {GOOGLE_LIMITS.postSummary.max.toLocaleString('en-US')}
                </span>
              </>
            }
            {...err('TemplateContent')}
          >
            <VariableEditor label={t.content} value={form.TemplateContent} onChange={(v) => set('TemplateContent', v)} variables={variables} />
          </FormGroup>

          {form.TopicType === 'OFFER' ? (
            <>
              <FormGroup label={t.couponCode} labelFor="template-coupon">
                <InputGroup id="template-coupon" value={form.CouponCode} maxLength={58} onValueChange={(v) => set('CouponCode', v)} />
              </FormGroup>
              <FormGroup label={t.redeemLink} labelFor="template-redeem" {...err('Offer.RedeemOnlineUrl')}>
                <InputGroup id="template-redeem" value={form.RedeemOnlineUrl} onValueChange={(v) => set('RedeemOnlineUrl', v)} />
              </FormGroup>
              <FormGroup label={t.terms} labelFor="template-terms">
                <TextArea id="template-terms" fill value={form.TermsConditions} onChange={(e) => set('TermsConditions', e.currentTarget.value)} />
              </FormGroup>
            </>
          ) : (
            <div className="template-editor-grid">
              <FormGroup label={t.addButton} labelFor="template-cta">
                <HTMLSelect
                  id="template-cta"
                  fill
                  value={form.ActionType}
                  onChange={(e) => set('ActionType', e.currentTarget.value as CtaActionType)}
                  options={CTA_ACTION_TYPES.map((v) => ({ value: v, label: CTA_LABELS[v] }))}
                />
              </FormGroup>
              {form.ActionType === 'ACTION_TYPE_UNSPECIFIED' ? null : (
                <FormGroup label={t.buttonUrl} labelFor="template-cta-url" {...err('CallToAction.Url')}>
                  {form.ActionType === 'CALL' ? (
                    <InputGroup id="template-cta-url" disabled value={t.callPhone} />
                  ) : (
                    <InputGroup id="template-cta-url" value={form.Url} onValueChange={(v) => set('Url', v)} placeholder="https://" />
                  )}
                </FormGroup>
              )}
            </div>
          )}

          <FormGroup label={t.image} labelFor="template-image-file" {...err('MediaItemUrl')}>
            {form.MediaItemUrl ? (
              <div className="template-image">
                <img src={form.MediaItemUrl} alt={t.image} />
                <Button icon="trash" text={t.removeImage} onClick={() => set('MediaItemUrl', '')} />
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

          <FormGroup label={t.scheduleDate} labelFor="template-schedule" {...err('ScheduleDate')}>
            <input
              id="template-schedule"
              className="bp6-input"
              type="datetime-local"
              value={form.ScheduleDate}
              onChange={(e) => set('ScheduleDate', e.currentTarget.value)}
            />
          </FormGroup>

          <FormGroup label={t.locations} {...err('TemplateLocationIds')}>
            <FeatureSlot name="locationGroupFilter" value={groupId} onChange={setGroupId} />
            <LocationMultiSelect
              items={groupId ? (grouped.data ?? []) : items}
              selected={form.TemplateLocationIds}
              onChange={(ids) => set('TemplateLocationIds', ids)}
            />
          </FormGroup>
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
