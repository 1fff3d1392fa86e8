import { useSignedInUser } from '@web/shared/session/session-context';
import { PageHeader } from '@web/shared/ui/page-header';
import { settingsTexts as t } from '../constants';
import { AdminVariablesSection } from './admin-variables-section';
import { CompanyNameCard } from './company-name-card';
import { CompanyVariablesSection } from './company-variables-section';

/** /metadeta: administrator variables for an Administrator, the company's variables otherwise. */
export default function SettingsPage() {
  const user = useSignedInUser();
  if (user.role === 'Administrator') {
    return (
      <div className="locus-page">
        <PageHeader title={t.adminTitle} />
        <AdminVariablesSection />
      </div>
    );
  }
  return (
    <div className="locus-page">
      <PageHeader title={t.companyTitle} />
      <CompanyNameCard />
      <CompanyVariablesSection seesEntityTyped={user.viewingAsAdmin} />
    </div>
  );
}
