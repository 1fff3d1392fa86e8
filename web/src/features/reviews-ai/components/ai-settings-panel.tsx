import { Button, Callout, Card, Dialog, DialogBody, DialogFooter, H5, Slider, Switch, Tag } from '@blueprintjs/core';
import {
  AI_OPTION_NAMES,
  AI_OPTION_SCALES,
  AiReviewSettingsBodySchema,
  aiOptionAt,
  aiOptionStep,
  SAMPLE_REPLY_MS_PER_CHARACTER,
  type AiOptionName,
  type AiReviewSettingsBody,
  type AiReviewSettingsDto,
} from '@locus/contracts';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { showServerFieldErrors, useContractForm, type ContractForm } from '@web/shared/forms/contract-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { useSignedInUser } from '@web/shared/session/session-context';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { toast } from '@web/shared/ui/toaster';
import { useAiReviewSettingsQuery, useLazyRandomReviewQuery, useSampleReplyMutation, useSaveAiReviewSettingsMutation } from '../api/reviews-ai-api';
import { aiTexts as t } from '../constants';
import { ApprovalsPanel, OutboxPanel } from './automation-lists';
import { RulesEditor } from './rules-editor';
import '../reviews-ai.css';

const settingsOf = (dto: AiReviewSettingsDto): AiReviewSettingsBody => ({
  AutomateGoogleReviewsEnabled: dto.AutomateGoogleReviewsEnabled,
  ReviewsOverwrite: dto.ReviewsOverwrite,
  Apology: dto.Apology,
  Tone: dto.Tone,
  Verbosity: dto.Verbosity,
  Style: dto.Style,
  Friendliness: dto.Friendliness,
});

/** Types a text out at the spec's pace (20 ms per character). */
function useTyped(text: string): string {
  const [shown, setShown] = useState('');
  useEffect(() => {
    setShown('');
    if (!text) return;
    let i = 0;
    const timer = setInterval(() => {
      i++;
      setShown(text.slice(0, i));
      if (i >= text.length) clearInterval(timer);
    }, SAMPLE_REPLY_MS_PER_CHARACTER);
    return () => clearInterval(timer);
  }, [text]);
  return shown;
}

const OPTION_TITLES: Record<AiOptionName, string> = { Tone: t.tone, Verbosity: t.verbosity, Style: t.style, Friendliness: t.friendliness };

type SettingsForm = ContractForm<typeof AiReviewSettingsBodySchema>;

/** A reply option's switch, its label beside it. */
function OptionSwitch({ form, name, label, disabled }: { form: SettingsForm; name: 'Apology' | 'ReviewsOverwrite'; label: string; disabled: boolean }) {
  const { field } = useController({ control: form.control, name });
  return (
    <Switch label={label} inputRef={field.ref} checked={field.value === true} disabled={disabled} onChange={(e) => field.onChange(e.currentTarget.checked)} />
  );
}

/** One of the four 3-step scales (an unknown value shows at step 0). */
function OptionScale({ form, name, disabled }: { form: SettingsForm; name: AiOptionName; disabled: boolean }) {
  const { field } = useController({ control: form.control, name });
  const step = aiOptionStep(name, field.value);
  return (
    <div className="locus-ai-option" role="group" aria-label={OPTION_TITLES[name]}>
      <div className="locus-ai-option-label">
        {OPTION_TITLES[name]}: <span className="locus-ai-option-value">{AI_OPTION_SCALES[name][step]?.label}</span>
      </div>
      <Slider
        min={0}
        max={2}
        stepSize={1}
        disabled={disabled}
        value={step}
        labelRenderer={(at) => AI_OPTION_SCALES[name][at]?.label ?? ''}
        onChange={(at) => field.onChange(aiOptionAt(name, at))}
        handleHtmlProps={{ 'aria-label': OPTION_TITLES[name] }}
      />
    </div>
  );
}

/** The reply options: Apology, Overwrite, and the four 3-step scales, bound to the settings form. */
function OptionsForm({ form, disabled }: { form: SettingsForm; disabled: boolean }) {
  return (
    <div className="locus-ai-options">
      <OptionSwitch form={form} name="Apology" label={t.apology} disabled={disabled} />
      <OptionSwitch form={form} name="ReviewsOverwrite" label={t.reviewsOverwrite} disabled={disabled} />
      {AI_OPTION_NAMES.map((name) => (
        <OptionScale key={name} form={form} name={name} disabled={disabled} />
      ))}
    </div>
  );
}

/**
 * /company-reviews' AI auto-reply switch and AI settings panel (spec part 2 §2–§4, §9): switching
 * on opens the activation dialog (the switch locked on inside it) and saves; reply controls are
 * disabled while automation is off; the sample reply is typed at 20 ms per character. Company
 * admins also get the rules, the outbox and the pending approvals.
 */
export function AiSettingsPanel(_props: { companyId: string }): ReactElement | null {
  const { data } = useAiReviewSettingsQuery();
  return data ? <AiSettingsCard settings={data} /> : null;
}

function AiSettingsCard({ settings: data }: { settings: AiReviewSettingsDto }) {
  const user = useSignedInUser();
  const isAdmin = user.role === 'CompanyAdmin';
  const form = useContractForm(AiReviewSettingsBodySchema, settingsOf(data));
  const { handleSubmit, reset } = form;
  const [save, saving] = useSaveAiReviewSettingsMutation();
  const [fetchRandom] = useLazyRandomReviewQuery();
  const [sample, sampling] = useSampleReplyMutation();
  const { confirm } = useConfirm();
  const [activating, setActivating] = useState(false);
  const [sampleReply, setSampleReply] = useState<{ reviewer: string; review: string; reply: string } | null>(null);
  const typed = useTyped(sampleReply?.reply ?? '');
  const nonce = useRef(0);

  // a live change of the settings shows the saved values
  useEffect(() => reset(settingsOf(data)), [data, reset]);
  const enabled = data.AutomateGoogleReviewsEnabled;
  const controlsDisabled = !enabled || !isAdmin;

  /** Saves the form's settings with automation on or off; false when the schema or the server refused them. */
  const persist = (enabledNow: boolean) =>
    new Promise<boolean>((resolve) => {
      void handleSubmit(
        async (settings) => {
          try {
            const res = await save({ ...settings, AutomateGoogleReviewsEnabled: enabledNow }).unwrap();
            toast.success(res.ResponseMessage || t.settingsSaved);
            resolve(true);
          } catch (err) {
            showServerFieldErrors(err, form);
            toast.error(failureMessage(err, t.genericFailure));
            resolve(false);
          }
        },
        () => resolve(false),
      )();
    });

  const onSwitch = async (on: boolean) => {
    if (on) return setActivating(true);
    if (await confirm(t.turnOffConfirm)) await persist(false);
  };

  const generateSample = handleSubmit(async (settings) => {
    try {
      const review = await fetchRandom(++nonce.current).unwrap();
      if (!review) return void toast.warning(t.noReview);
      const res = await sample({ ...settings, RandomReviewId: review.ReviewId }).unwrap();
      toast.success(res.ResponseMessage || t.settingsSaved);
      setSampleReply({ reviewer: res.ResponseData.ReviewerDisplayName, review: res.ResponseData.ReviewText, reply: res.ResponseData.AIGeneratedText });
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  });

  return (
    <Card className="locus-ai-panel" aria-label={t.settingsTitle}>
      <div className="locus-ai-panel-header">
        <H5>{t.settingsTitle}</H5>
        <Switch
          large
          label={t.switchLabel}
          checked={enabled}
          disabled={!isAdmin || saving.isLoading}
          onChange={(e) => void onSwitch(e.currentTarget.checked)}
        />
        {enabled ? <Tag intent="success">On</Tag> : <Tag minimal>Off</Tag>}
      </div>
      {!enabled ? <Callout intent="primary">{t.offHint}</Callout> : null}
      <OptionsForm form={form} disabled={controlsDisabled} />
      <div className="locus-ai-panel-actions">
        <Button intent="primary" text={t.saveSettings} disabled={controlsDisabled} loading={saving.isLoading} onClick={() => void persist(enabled)} />
        <Button icon="predictive-analysis" text={t.sample} disabled={controlsDisabled} loading={sampling.isLoading} onClick={() => void generateSample()} />
      </div>
      {sampleReply ? (
        <Callout className="locus-ai-sample" title={`${t.sampleFor} ${sampleReply.reviewer}`}>
          <blockquote className="locus-ai-sample-review">{sampleReply.review}</blockquote>
          <p className="locus-ai-sample-reply" aria-label="Sample reply" aria-busy={typed.length < sampleReply.reply.length}>
            {typed}
          </p>
        </Callout>
      ) : null}
      {isAdmin ? (
        <>
          <RulesEditor rules={data.Rules} />
          <OutboxPanel />
          <ApprovalsPanel />
        </>
      ) : null}
      <Dialog isOpen={activating} title={t.activationTitle} onClose={() => setActivating(false)}>
        <DialogBody>
          <p>{t.activationText}</p>
          <Switch large label={t.switchLabel} checked disabled />
          <OptionsForm form={form} disabled={false} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={() => setActivating(false)} />
              <Button
                intent="primary"
                text={t.activate}
                loading={saving.isLoading}
                onClick={async () => {
                  if (await persist(true)) setActivating(false);
                }}
              />
            </>
          }
        />
      </Dialog>
    </Card>
  );
}
