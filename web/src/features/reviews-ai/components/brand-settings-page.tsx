import { Button, Callout, Card, NonIdealState } from '@blueprintjs/core';
import { BrandSettingsBodySchema } from '@locus/contracts';
import { useEffect } from 'react';
import { z } from 'zod';
import { TextAreaField, TextField } from '@web/shared/forms/contract-fields';
import { showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { useSignedInUser } from '@web/shared/session/session-context';
import { PageHeader } from '@web/shared/ui/page-header';
import { PageSpinner } from '@web/shared/ui/page-spinner';
import { toast } from '@web/shared/ui/toaster';
import { useBrandSettingsQuery, useSaveBrandSettingsMutation, type BrandSettingsDto } from '../api/reviews-ai-api';
import { brandTexts as t } from '../constants';
import '../reviews-ai.css';

/** The route's body, with the words to avoid typed as one comma-separated text. */
const BrandFormSchema = BrandSettingsBodySchema.extend({
  WordsToAvoid: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((w) => w.trim())
        .filter(Boolean),
    )
    .pipe(BrandSettingsBodySchema.shape.WordsToAvoid.unwrap()),
});
type BrandForm = z.input<typeof BrandFormSchema>;

const toForm = (b: BrandSettingsDto): BrandForm => ({
  ...b,
  LogoUrl: b.LogoUrl ?? '',
  AgentPhotoUrl: b.AgentPhotoUrl ?? '',
  WordsToAvoid: b.WordsToAvoid.join(', '),
});

/** /brandsettings (hidden from the menu): the company's brand for replies; company admins edit, other members read. */
export default function BrandSettingsPage() {
  const user = useSignedInUser();
  const { data } = useBrandSettingsQuery(undefined, { skip: !user.companyId });
  if (!user.companyId) return <NonIdealState icon="office" title={t.title} description={t.noCompany} />;
  if (!data) return <PageSpinner />;
  return <BrandSettingsForm brand={data} canEdit={user.role === 'CompanyAdmin'} />;
}

const BrandSettingsForm = ({ brand, canEdit }: { brand: BrandSettingsDto; canEdit: boolean }) => {
  const [save, saving] = useSaveBrandSettingsMutation();
  const form = useContractForm(BrandFormSchema, toForm(brand));
  const { control, reset, handleSubmit } = form;
  // a live change of the settings shows the saved values
  useEffect(() => reset(toForm(brand)), [brand, reset]);

  const field = (name: keyof BrandForm, label: string, multiline = false) =>
    multiline ? (
      <TextAreaField control={control} name={name} id={`brand-${name}`} label={label} readOnly={!canEdit} autoResize />
    ) : (
      <TextField control={control} name={name} id={`brand-${name}`} label={label} readOnly={!canEdit} />
    );

  const submit = handleSubmit(async (values) => {
    try {
      const res = await save({ ...values, LogoUrl: values.LogoUrl || null, AgentPhotoUrl: values.AgentPhotoUrl || null }).unwrap();
      toast.success(res.ResponseMessage || 'Saved');
    } catch (err) {
      showServerFieldErrors(err, form);
      toast.error(failureMessage(err, t.genericFailure));
    }
  });

  return (
    <div className="locus-page">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      {!canEdit ? <Callout intent="primary">{t.readOnly}</Callout> : null}
      <Card className="locus-brand-form">
        {field('DisplayName', t.displayName)}
        {field('LogoUrl', t.logoUrl)}
        {field('AgentName', t.agentName)}
        {field('AgentTitle', t.agentTitle)}
        {field('AgentPhotoUrl', t.agentPhotoUrl)}
        {field('VoiceNotes', t.voiceNotes, true)}
        {field('SignOff', t.signOff)}
        {field('WordsToAvoid', t.wordsToAvoid)}
        {canEdit ? <Button intent="primary" text={t.save} loading={saving.isLoading} onClick={() => void submit()} /> : null}
      </Card>
    </div>
  );
};
