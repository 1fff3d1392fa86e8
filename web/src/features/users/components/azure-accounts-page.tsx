import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { PageHeader } from '@web/shared/ui/page-header';
import { useAzureCredentialsQuery } from '../api/users-api';
import { userTexts as t } from '../constants';
import { useAzureImport } from '../hooks/use-azure-import';
import { AzureCredentialsDialog } from './azure-credentials-dialog';
import { AzureUsersTable } from './azure-users-table';

/**
 * /azure-accounts: the directory users to add, reached from the callback page's See Users.
 * The directory is asked only once the company's Azure account is connected; before that the
 * page asks for the credentials (or the connection) instead of calling and failing.
 */
export default function AzureAccountsPage() {
  const azure = useAzureImport();
  const { data: credentials, isLoading } = useAzureCredentialsQuery();
  const hasCredentials = !!credentials?.AzureClientId && !!credentials.AzureTenantId && credentials.HasAzureClientSecret;
  return (
    <div className="locus-page">
      <PageHeader title={t.azureAccountsTitle} />
      {isLoading ? (
        <Spinner />
      ) : credentials?.IsConnected ? (
        <AzureUsersTable onConnect={() => void azure.startConnect()} />
      ) : (
        <NonIdealState
          icon="cloud"
          title={t.importantNotice}
          description={hasCredentials ? t.azureNotConnectedText : t.importantNoticeText}
          action={
            hasCredentials ? (
              <Button intent="primary" icon="link" text={t.connectAzureAccount} onClick={() => void azure.startConnect()} loading={azure.busy} />
            ) : (
              <Button intent="primary" icon="key" text={t.enterAzureCredentials} onClick={azure.openCredentials} />
            )
          }
        />
      )}
      <AzureCredentialsDialog
        isOpen={azure.credentialsOpen}
        onClose={azure.closeCredentials}
        onSaved={() => {
          azure.closeCredentials();
          void azure.startConnect();
        }}
      />
    </div>
  );
}
