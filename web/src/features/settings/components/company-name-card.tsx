import { Button, Card, FormGroup, H5, InputGroup } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useRefreshSession } from '@web/app/session-api';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useCompanyNameQuery, useUpdateCompanyNameMutation } from '../api/settings-api';
import { settingsTexts as t } from '../constants';

/**
 * A company admin renames their company; Save is disabled while the name is empty. The field
 * shows the stored name until the admin types (a refresh, or a rename elsewhere heard live,
 * never replaces what they typed) and is disabled until the name has loaded, so nothing typed
 * before is lost or merged into it.
 */
export const CompanyNameCard = () => {
  const { data } = useCompanyNameQuery();
  const [edited, setEdited] = useState<string | null>(null);
  const name = edited ?? data?.CompanyName ?? '';
  const [update, state] = useUpdateCompanyNameMutation();
  const refreshSession = useRefreshSession();
  // Once the stored name is what was typed (saved, and heard back), the field follows the store again.
  const stored = data?.CompanyName;
  useEffect(() => {
    if (edited !== null && stored === edited.trim()) setEdited(null);
  }, [stored, edited]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    try {
      const res = await update(name.trim()).unwrap();
      toast.success(res.ResponseMessage || t.companyNameUpdated);
      await refreshSession();
    } catch (err) {
      toast.error(failureMessage(err, t.companyNameFailed));
    }
  };

  return (
    <Card className="locus-card">
      <H5>{t.companyNameCard}</H5>
      <form onSubmit={submit} className="locus-inline-form" noValidate>
        <FormGroup label={t.companyName} labelFor="settings-company-name" className="locus-grow" helperText={name.trim() ? undefined : t.companyNameRequired}>
          <InputGroup id="settings-company-name" value={name} onValueChange={setEdited} disabled={data === undefined} />
        </FormGroup>
        <Button type="submit" intent="primary" text={t.save} disabled={!name.trim()} loading={state.isLoading} />
      </form>
    </Card>
  );
};
