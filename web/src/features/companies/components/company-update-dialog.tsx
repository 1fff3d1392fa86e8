import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Tab, Tabs } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { FeatureSlot, useHasFeatureSlot } from '@web/app/feature-slots';
import { failureMessage } from '@web/shared/lib/envelope';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { toast } from '@web/shared/ui/toaster';
import { useDeleteCompanyMutation, useUpdateCompanyMutation, type CompanyRow } from '../api/companies-api';
import { companyTexts as t } from '../constants';
import { CompanyAdminsTab } from './company-admins-tab';
import { GlobalSettingsTab } from './global-settings-tab';

/** Update Company: name, then tabs Company Admin(s), Company Location(s) and Global Company Settings; Delete Company. */
export const CompanyUpdateDialog = ({ company, onClose }: { company: CompanyRow; onClose: () => void }) => {
  const [name, setName] = useState(company.CompanyName ?? '');
  const [touched, setTouched] = useState(false);
  const [update, updateState] = useUpdateCompanyMutation();
  const [remove, removeState] = useDeleteCompanyMutation();
  const { confirm } = useConfirm();
  // the Company Location(s) tab shows the locations feature's list when the app provides it
  const hasLocations = useHasFeatureSlot('companyLocations');
  const nameError = name.trim() ? undefined : t.companyNameRequired;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (nameError) return;
    try {
      const res = await update({ companyId: company.Id, body: { Id: company.Id, CompanyName: name.trim() } }).unwrap();
      toast.success(res.ResponseMessage || t.companyUpdated);
    } catch (err) {
      toast.error(failureMessage(err, t.updateFailed));
    }
  };

  const deleteCompany = async () => {
    if (!(await confirm(t.confirmDeleteCompany))) return;
    try {
      const res = await remove(company.Id).unwrap();
      toast.success(res.ResponseMessage || t.companyDeleted);
      onClose();
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen title={t.updateTitle} onClose={onClose} className="locus-dialog-xwide">
      <DialogBody>
        <form onSubmit={save} className="locus-inline-form" noValidate>
          <FormGroup
            label={t.companyName}
            labelFor="update-company-name"
            labelInfo="*"
            intent={touched && nameError ? 'danger' : 'none'}
            helperText={touched ? nameError : undefined}
            className="locus-grow"
          >
            <InputGroup id="update-company-name" value={name} onValueChange={setName} intent={touched && nameError ? 'danger' : 'none'} />
          </FormGroup>
          <Button type="submit" intent="primary" text={t.save} loading={updateState.isLoading} disabled={!name.trim()} />
        </form>
        <Tabs id="company-tabs" renderActiveTabPanelOnly>
          <Tab id="admins" title={t.tabs.admins} panel={<CompanyAdminsTab companyId={company.Id} />} />
          {hasLocations ? <Tab id="locations" title={t.tabs.locations} panel={<FeatureSlot name="companyLocations" companyId={company.Id} />} /> : null}
          <Tab id="settings" title={t.tabs.settings} panel={<GlobalSettingsTab companyId={company.Id} />} />
        </Tabs>
      </DialogBody>
      <DialogFooter actions={<Button text={t.cancel} onClick={onClose} />}>
        <Button intent="danger" icon="trash" variant="outlined" text={t.deleteCompany} onClick={() => void deleteCompany()} loading={removeState.isLoading} />
      </DialogFooter>
    </Dialog>
  );
};
