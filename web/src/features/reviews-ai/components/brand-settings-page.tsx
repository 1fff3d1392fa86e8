import { Button, Callout, Card, FormGroup, InputGroup, NonIdealState, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { useSignedInUser } from '@web/shared/session/session-context';
import { PageHeader } from '@web/shared/ui/page-header';
import { PageSpinner } from '@web/shared/ui/page-spinner';
import { toast } from '@web/shared/ui/toaster';
import { useBrandSettingsQuery, useSaveBrandSettingsMutation, type BrandSettingsDto } from '../api/reviews-ai-api';
import { brandTexts as t } from '../constants';
import '../reviews-ai.css';

type Form = Omit<BrandSettingsDto, 'WordsToAvoid' | 'LogoUrl' | 'AgentPhotoUrl'> & { WordsToAvoid: string; LogoUrl: string; AgentPhotoUrl: string };

const toForm = (b: BrandSettingsDto): Form => ({
  ...b,
  LogoUrl: b.LogoUrl ?? '',
  AgentPhotoUrl: b.AgentPhotoUrl ?? '',
  WordsToAvoid: b.WordsToAvoid.join(', '),
});

/** /brandsettings (hidden from the menu): the company's brand for replies; company admins edit, other members read. */
export default function BrandSettingsPage() {
  const user = useSignedInUser();
  const canEdit = user.role === 'CompanyAdmin';
  const { data } = useBrandSettingsQuery(undefined, { skip: !user.companyId });
  const [save, saving] = useSaveBrandSettingsMutation();
  const [form, setForm] = useState<Form | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (data) setForm(toForm(data));
  }, [data]);
  if (!user.companyId) return <NonIdealState icon="office" title={t.title} description={t.noCompany} />;
  if (!form) return <PageSpinner />;

  const field = (name: keyof Form, label: string, multiline = false) => (
    <FormGroup label={label} labelFor={`brand-${name}`} intent={fieldErrors[name] ? 'danger' : 'none'} helperText={fieldErrors[name]}>
      {multiline ? (
        <TextArea
          id={`brand-${name}`}
          fill
          autoResize
          readOnly={!canEdit}
          value={form[name]}
          onChange={(e) => setForm({ ...form, [name]: e.currentTarget.value })}
        />
      ) : (
        <InputGroup id={`brand-${name}`} readOnly={!canEdit} value={form[name]} onValueChange={(v) => setForm({ ...form, [name]: v })} />
      )}
    </FormGroup>
  );

  const submit = async () => {
    setFieldErrors({});
    try {
      const res = await save({
        ...form,
        LogoUrl: form.LogoUrl || null,
        AgentPhotoUrl: form.AgentPhotoUrl || null,
        WordsToAvoid: form.WordsToAvoid.split(',')
          .map((w) => w.trim())
          .filter(Boolean),
      }).unwrap();
      toast.success(res.ResponseMessage || 'Saved');
    } catch (err) {
      const fields = (err as { data?: { ApiError?: { Fields?: { Field: string; Message: string }[] } } }).data?.ApiError?.Fields ?? [];
      setFieldErrors(Object.fromEntries(fields.map((f) => [f.Field.split('.')[0] ?? f.Field, f.Message])));
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

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
}
