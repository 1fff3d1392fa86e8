import { Button, Callout, Card, FormGroup, H5, HTMLSelect } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { DIGEST_FREQUENCIES, type DigestFrequency } from '@locus/contracts';
import { failureMessage, fieldErrorsOf } from '@web/shared/lib/envelope';
import { formatDateTime } from '@web/shared/lib/dates';
import { PageSpinner } from '@web/shared/ui/page-spinner';
import { toast } from '@web/shared/ui/toaster';
import { useNotificationPreferencesQuery, useSaveNotificationPreferencesMutation, type NotificationPreferences } from '../api/notifications-api';
import { notificationTexts as t } from '../constants';

const OFF = 'off';
const STAR_CHOICES = [1, 2, 3, 4, 5] as const;

const NotificationsForm = ({ prefs }: { prefs: NotificationPreferences }) => {
  const [alert, setAlert] = useState<string>(prefs.AlertMaxStars === null ? OFF : String(prefs.AlertMaxStars));
  const [digest, setDigest] = useState<DigestFrequency>(prefs.Digest);
  const [problem, setProblem] = useState<string | null>(null);
  const [save, state] = useSaveNotificationPreferencesMutation();
  const unchanged = alert === (prefs.AlertMaxStars === null ? OFF : String(prefs.AlertMaxStars)) && digest === prefs.Digest;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      const res = await save({ AlertMaxStars: alert === OFF ? null : Number(alert), Digest: digest }).unwrap();
      toast.success(res.ResponseMessage || t.saved);
    } catch (err) {
      // a 400 names the field; anything else is shown the same way, in the card, where it happened
      const fields = Object.values(fieldErrorsOf(err));
      setProblem(fields.length > 0 ? fields.join(' ') : failureMessage(err, t.genericFailure));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      {prefs.UnsubscribedAt && prefs.AlertMaxStars === null && prefs.Digest === 'off' ? (
        <Callout intent="warning" className="locus-error-line" data-testid="notifications-unsubscribed">
          {t.unsubscribed(formatDateTime(prefs.UnsubscribedAt))}
        </Callout>
      ) : null}
      <FormGroup label={t.alertLabel} labelFor="notifications-alert" helperText={t.alertHelp}>
        <HTMLSelect id="notifications-alert" value={alert} onChange={(e) => setAlert(e.currentTarget.value)}>
          <option value={OFF}>{t.off}</option>
          {STAR_CHOICES.map((n) => (
            <option key={n} value={String(n)}>
              {t.starsOrLess(n)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={t.digestLabel} labelFor="notifications-digest" helperText={t.digestHelp}>
        <HTMLSelect id="notifications-digest" value={digest} onChange={(e) => setDigest(DIGEST_FREQUENCIES.find((f) => f === e.currentTarget.value) ?? 'off')}>
          {DIGEST_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {t.digestChoices[f]}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {problem ? (
        <Callout intent="danger" className="locus-error-line" role="alert">
          {problem}
        </Callout>
      ) : null}
      <Button type="submit" intent="primary" text={t.save} loading={state.isLoading} disabled={unchanged} />
    </form>
  );
};

/** Review alerts and digest by mail, for the signed-in company admin or company user. */
export const NotificationsCard = () => {
  const { data, error } = useNotificationPreferencesQuery();
  return (
    <Card className="locus-card" role="region" aria-labelledby="notifications-title">
      <H5 id="notifications-title">{t.title}</H5>
      {data ? (
        // remounted when the stored values change (a save, an unsubscribe seen on refetch)
        <NotificationsForm key={`${data.AlertMaxStars}|${data.Digest}|${data.UnsubscribedAt}`} prefs={data} />
      ) : error ? (
        <p className="locus-muted">{failureMessage(error, t.genericFailure)}</p>
      ) : (
        <PageSpinner />
      )}
    </Card>
  );
};
