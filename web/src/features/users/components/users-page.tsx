import { Button, ButtonGroup, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { roleNames } from '@locus/contracts';
import { useDebouncedValue } from '@web/shared/hooks/use-debounced-value';
import { formatDate } from '@web/shared/lib/dates';
import { failureMessage } from '@web/shared/lib/envelope';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { PageHeader } from '@web/shared/ui/page-header';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { SearchBar } from '@web/shared/ui/search-bar';
import { toast } from '@web/shared/ui/toaster';
import { useDeleteUserMutation, useInviteUserMutation, useUsersQuery, type UserRow } from '../api/users-api';
import { USERS_PAGE_SIZE, userTexts as t } from '../constants';
import { useAzureImport } from '../hooks/use-azure-import';
import { useWorkspaceImport } from '../hooks/use-workspace-import';
import { AzureCredentialsDialog } from './azure-credentials-dialog';
import { AzureUsersDialog } from './azure-users-dialog';
import { UserDialog, type UserDialogMode } from './user-dialog';
import { WorkspaceUsersDialog } from './workspace-users-dialog';

/** /users: the company's users and admins (the signed-in user is not listed). */
export default function UsersPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const navigate = useNavigate();
  const settled = useDebouncedValue(search.trim());
  useEffect(() => setPage(0), [settled]);
  const { data, isFetching } = useUsersQuery({ search: settled || undefined, page: page + 1, pageSize: USERS_PAGE_SIZE });
  const [dialog, setDialog] = useState<UserDialogMode | null>(null);
  const [remove] = useDeleteUserMutation();
  const [invite] = useInviteUserMutation();
  const { confirm } = useConfirm();
  const azure = useAzureImport();
  const workspace = useWorkspaceImport();

  const deleteUser = async (user: UserRow) => {
    if (!(await confirm(t.confirmDelete))) return;
    try {
      const res = await remove(user.Id).unwrap();
      toast.success(res.ResponseMessage || t.userDeleted);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const resendInvitation = async (user: UserRow) => {
    try {
      const res = await invite(user.Id).unwrap();
      // sent, or still waiting for the mail server (a failure is an error answer): never success for a mail not sent
      if (res.ResponseMessage === t.invitationSent) toast.success(res.ResponseMessage);
      else toast.info(res.ResponseMessage);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const columns: Column<UserRow>[] = [
    {
      header: t.columns.name,
      cell: (u) => (
        <>
          {u.FullName}
          <Tag minimal round intent={u.UserRoleId === 'CompanyAdmin' ? 'primary' : 'success'} className="locus-inline-tag">
            {u.RoleName || roleNames[u.UserRoleId]}
          </Tag>
          {!u.LoginAllowed ? (
            <Tag minimal intent="warning" className="locus-inline-tag">
              {t.deactivated}
            </Tag>
          ) : null}
        </>
      ),
    },
    { header: t.columns.email, cell: (u) => u.Email },
    { header: t.columns.created, cell: (u) => formatDate(u.CreatedDate), width: 140 },
    {
      header: t.columns.actions,
      width: 420,
      cell: (u) => (
        <ButtonGroup>
          <Button size="small" icon="edit" text={t.edit} onClick={() => setDialog({ kind: u.UserRoleId === 'CompanyAdmin' ? 'admin' : 'user', user: u })} />
          {u.LoginAllowed ? <Button size="small" icon="envelope" text={t.resendInvitation} onClick={() => void resendInvitation(u)} /> : null}
          {u.IsDefaultCompanyContact ? null : <Button size="small" icon="trash" intent="danger" text={t.delete} onClick={() => void deleteUser(u)} />}
          <Button size="small" icon="history" text={t.history} onClick={() => navigate(`/history?entityType=user&entityId=${encodeURIComponent(u.Id)}`)} />
        </ButtonGroup>
      ),
    },
  ];

  return (
    <div className="locus-page">
      <PageHeader title={t.title} />
      <SearchBar
        value={search}
        onChange={setSearch}
        onClear={() => {
          setSearch('');
          setPage(0);
        }}
        placeholder={t.searchPlaceholder}
        clearText={t.clear}
      >
        <Button icon="cloud-download" text={t.addAzureUsers} onClick={() => void azure.open()} loading={azure.busy} />
        <Button icon="cloud-download" text={t.addWorkspaceUsers} onClick={() => void workspace.start()} loading={workspace.busy} />
        <Button intent="primary" icon="add" text={t.newUser} onClick={() => setDialog({ kind: 'user', user: null })} />
        <Button intent="primary" icon="add" text={t.newCompanyAdmin} onClick={() => setDialog({ kind: 'admin', user: null })} />
      </SearchBar>
      <PaginatedTable
        rows={data?.Data ?? []}
        columns={columns}
        rowKey={(u) => u.Id}
        pageSize={USERS_PAGE_SIZE}
        paginator="always"
        emptyText={t.empty}
        loading={isFetching && !data}
        server={{ total: data?.TotalRecords ?? 0, page, onPageChange: setPage }}
      />
      {dialog ? <UserDialog mode={dialog} onClose={() => setDialog(null)} /> : null}
      {workspace.open ? <WorkspaceUsersDialog onClose={workspace.close} /> : null}
      {azure.usersOpen ? <AzureUsersDialog onClose={azure.closeUsers} onConnect={() => void azure.startConnect()} /> : null}
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
