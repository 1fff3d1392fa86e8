import { Button } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { useSignedInUser } from '@web/shared/session/session-context';
import { PageHeader } from '@web/shared/ui/page-header';
import { settingsTexts as t } from '../constants';
import { AdminVariablesSection } from './admin-variables-section';
import { CompanyNameCard } from './company-name-card';
import { CompanyVariablesSection } from './company-variables-section';

/** /metadeta: administrator variables for an Administrator, the company's variables otherwise. */
export default function SettingsPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
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
      <PageHeader
        title={t.companyTitle}
        actions={
          user.companyId ? (
            <Button
              icon="history"
              text={t.history}
              onClick={() => navigate(`/history?entityType=companysettings&entityId=${encodeURIComponent(user.companyId ?? '')}`)}
            />
          ) : null
        }
      />
      <CompanyNameCard />
      <CompanyVariablesSection seesEntityTyped={user.viewingAsAdmin} />
    </div>
  );
}
