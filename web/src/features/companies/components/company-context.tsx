import { Button, MenuItem } from '@blueprintjs/core';
import { Select, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import { failureMessage } from '@web/shared/lib/envelope';
import { startSessionAndGo } from '@web/shared/session/session-actions';
import { useSignedInUser } from '@web/shared/session/session-context';
import { toast } from '@web/shared/ui/toaster';
import {
  useCompaniesDropdownQuery,
  useCurrentCompanyNameQuery,
  useExitCompanyViewMutation,
  useSwitchCompanyMutation,
  type DropdownCompany,
} from '../api/companies-api';
import { companyTexts as t } from '../constants';

const renderCompany: ItemRenderer<DropdownCompany> = (company, { handleClick, handleFocus, modifiers, ref }) =>
  modifiers.matchesPredicate ? (
    <MenuItem
      key={company.Id}
      ref={ref}
      text={company.CompanyName || '—'}
      active={modifiers.active}
      disabled={modifiers.disabled}
      onClick={handleClick}
      onFocus={handleFocus}
      roleStructure="listoption"
    />
  ) : null;

const filterCompany: ItemPredicate<DropdownCompany> = (query, company) => (company.CompanyName ?? '').toLowerCase().includes(query.trim().toLowerCase());

/** Administrator: the searchable Switch Company dropdown. */
const SwitchCompany = () => {
  const { data = [], isFetching } = useCompaniesDropdownQuery();
  const [switchCompany, state] = useSwitchCompanyMutation();

  const choose = async (company: DropdownCompany) => {
    try {
      const res = await switchCompany({ companyId: company.Id, companyAdminId: company.DefaultCompanyAdminId }).unwrap();
      startSessionAndGo(res.Token, '/dashboard');
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <div className="locus-company-context">
      <Select<DropdownCompany>
        items={data}
        itemRenderer={renderCompany}
        itemPredicate={filterCompany}
        onItemSelect={(c) => void choose(c)}
        noResults={<MenuItem disabled text={t.noCompanyMatches} roleStructure="listoption" />}
        inputProps={{ placeholder: t.filterCompanies }}
        // a fieldset (role group) may carry the aria-expanded Select puts on its trigger wrapper; a div may not
        popoverProps={{ minimal: true, placement: 'bottom-start', targetTagName: 'fieldset' }}
        resetOnClose
      >
        <Button text={t.switchCompanyPlaceholder} endIcon="caret-down" icon="office" loading={isFetching || state.isLoading} />
      </Select>
      <span className="locus-company-hint">{t.switchCompanyHint}</span>
    </div>
  );
};

/**
 * Company members: which company they are in (the read model's name, refreshed live when anyone
 * renames it; the token's name only until it loads); an administrator viewing it can leave.
 */
const CompanyView = ({ tokenCompanyName, viewingAsAdmin }: { tokenCompanyName: string | null; viewingAsAdmin: boolean }) => {
  const { data: currentName } = useCurrentCompanyNameQuery();
  const companyName = currentName !== undefined ? currentName : tokenCompanyName;
  const [exitView, state] = useExitCompanyViewMutation();
  const exit = async () => {
    try {
      const res = await exitView().unwrap();
      startSessionAndGo(res.Token, '/');
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };
  return (
    <div className="locus-company-context">
      {companyName ? <span className="locus-company-name">{t.loggedInAs(companyName)}</span> : null}
      {viewingAsAdmin ? <Button icon="log-out" intent="warning" text={t.exitCompanyView} onClick={() => void exit()} loading={state.isLoading} /> : null}
    </div>
  );
};

export const CompanyContext = () => {
  const user = useSignedInUser();
  if (user.role === 'Administrator') return <SwitchCompany />;
  return <CompanyView tokenCompanyName={user.companyName} viewingAsAdmin={user.viewingAsAdmin} />;
};
