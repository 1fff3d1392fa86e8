import { PageHeader } from '@web/shared/ui/page-header';
import { userTexts as t } from '../constants';
import { useAzureImport } from '../hooks/use-azure-import';
import { AzureCredentialsDialog } from './azure-credentials-dialog';
import { AzureUsersTable } from './azure-users-table';

/** /azure-accounts: the directory users to add, reached from the callback page's See Users. */
export default function AzureAccountsPage() {
  const azure = useAzureImport();
  return (
    <div className="locus-page">
      <PageHeader title={t.azureAccountsTitle} />
      <AzureUsersTable onConnect={() => void azure.startConnect()} />
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
