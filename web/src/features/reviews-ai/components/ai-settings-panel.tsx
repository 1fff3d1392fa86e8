import { Button, Callout, Card, Dialog, DialogBody, DialogFooter, H5, Slider, Switch, Tag } from '@blueprintjs/core';
import {
  AI_OPTION_NAMES,
  AI_OPTION_SCALES,
  aiOptionAt,
  aiOptionStep,
  SAMPLE_REPLY_MS_PER_CHARACTER,
  type AiOptionName,
  type AiReviewSettingsDto,
} from '@locus/contracts';
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { useSignedInUser } from '@web/shared/session/session-context';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { toast } from '@web/shared/ui/toaster';
import { useAiReviewSettingsQuery, useLazyRandomReviewQuery, useSampleReplyMutation, useSaveAiReviewSettingsMutation } from '../api/reviews-ai-api';
import { aiTexts as t } from '../constants';
import { ApprovalsPanel, OutboxPanel } from './automation-lists';
import { RulesEditor } from './rules-editor';
import '../reviews-ai.css';

type Settings = Omit<AiReviewSettingsDto, 'Rules' | 'SecondsPerDelayMinute'>;

const settingsOf = (dto: AiReviewSettingsDto): Settings => ({
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

/** The reply options: Apology, Overwrite, and the four 3-step scales (unknown values at step 0). */
function OptionsForm({ value, onChange, disabled }: { value: Settings; onChange: (s: Settings) => void; disabled: boolean }) {
  return (
    <div className="locus-ai-options">
      <Switch label={t.apology} checked={value.Apology} disabled={disabled} onChange={(e) => onChange({ ...value, Apology: e.currentTarget.checked })} />
      <Switch
        label={t.reviewsOverwrite}
        checked={value.ReviewsOverwrite}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, ReviewsOverwrite: e.currentTarget.checked })}
      />
      {AI_OPTION_NAMES.map((name) => (
        <div key={name} className="locus-ai-option" role="group" aria-label={OPTION_TITLES[name]}>
          <div className="locus-ai-option-label">
            {OPTION_TITLES[name]}: <span className="locus-ai-option-value">{AI_OPTION_SCALES[name][aiOptionStep(name, value[name])]?.label}</span>
          </div>
          <Slider
            min={0}
            max={2}
            stepSize={1}
            disabled={disabled}
            value={aiOptionStep(name, value[name])}
            labelRenderer={(step) => AI_OPTION_SCALES[name][step]?.label ?? ''}
            onChange={(step) => onChange({ ...value, [name]: aiOptionAt(name, step) })}
            handleHtmlProps={{ 'aria-label': OPTION_TITLES[name] }}
          />
        </div>
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
export function AiSettingsPanel(_props: { companyId: string }) {
  const user = useSignedInUser();
  const isAdmin = user.role === 'CompanyAdmin';
  const { data } = useAiReviewSettingsQuery();
  const [save, saving] = useSaveAiReviewSettingsMutation();
  const [fetchRandom] = useLazyRandomReviewQuery();
  const [sample, sampling] = useSampleReplyMutation();
  const { confirm } = useConfirm();
  const [draft, setDraft] = useState<Settings | null>(null);
  const [activating, setActivating] = useState(false);
  const [sampleReply, setSampleReply] = useState<{ reviewer: string; review: string; reply: string } | null>(null);
  const typed = useTyped(sampleReply?.reply ?? '');
  const nonce = useRef(0);

  useEffect(() => {
    if (data) setDraft(settingsOf(data));
  }, [data]);
  if (!data || !draft) return null;
  const enabled = data.AutomateGoogleReviewsEnabled;
  const controlsDisabled = !enabled || !isAdmin;

  const persist = async (settings: Settings) => {
    try {
      const res = await save(settings).unwrap();
      toast.success(res.ResponseMessage || t.settingsSaved);
      return true;
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
      return false;
    }
  };

  const onSwitch = async (on: boolean) => {
    if (on) return setActivating(true);
    if (await confirm(t.turnOffConfirm)) await persist({ ...draft, AutomateGoogleReviewsEnabled: false });
  };

  const generateSample = async () => {
    try {
      const review = await fetchRandom(++nonce.current).unwrap();
      if (!review) return toast.warning(t.noReview);
      const res = await sample({ ...draft, RandomReviewId: review.ReviewId }).unwrap();
      toast.success(res.ResponseMessage || t.settingsSaved);
      setSampleReply({ reviewer: res.ResponseData.ReviewerDisplayName, review: res.ResponseData.ReviewText, reply: res.ResponseData.AIGeneratedText });
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

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
      <OptionsForm value={draft} onChange={setDraft} disabled={controlsDisabled} />
      <div className="locus-ai-panel-actions">
        <Button intent="primary" text={t.saveSettings} disabled={controlsDisabled} loading={saving.isLoading} onClick={() => void persist(draft)} />
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
          <OptionsForm value={draft} onChange={setDraft} disabled={false} />
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
                  if (await persist({ ...draft, AutomateGoogleReviewsEnabled: true })) setActivating(false);
                }}
              />
            </>
          }
        />
      </Dialog>
    </Card>
  );
}
