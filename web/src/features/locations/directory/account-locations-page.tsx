import { Button } from '@blueprintjs/core';
import { useNavigate, useParams } from 'react-router-dom';
import { useSignedInUser } from '@web/shared/session/session-context';
import { PageHeader } from '@web/shared/ui/page-header';
import { useDirectoryAccountQuery } from '../api/locations-api';
import { locationTexts as t } from './constants';
import { LocationDirectory } from './location-directory';

/** /{accountId}/locations: the directory restricted to one connected account (from Connections). */
export default function AccountLocationsPage() {
  const { accountId = '' } = useParams();
  const user = useSignedInUser();
  const navigate = useNavigate();
  const { data: account } = useDirectoryAccountQuery(accountId, { skip: !accountId });
  return (
    <div className="locus-page">
      <PageHeader
        title={account ? t.accountTitle(account.AccountName) : t.title}
        subtitle={account ? `${account.GoogleUserFullName} · ${account.GoogleUserEmail}` : undefined}
        actions={user.role === 'CompanyAdmin' ? <Button icon="arrow-left" text="Connections" onClick={() => navigate('/connected-accounts')} /> : undefined}
      />
      <LocationDirectory companyId={user.companyId ?? ''} accountId={accountId} />
    </div>
  );
}
