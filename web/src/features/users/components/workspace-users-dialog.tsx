import { Button, Callout, Dialog, DialogBody, DialogFooter, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { filterRows } from '@web/shared/lib/global-search';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { SearchBar } from '@web/shared/ui/search-bar';
import { useWorkspaceAddToAgencyMutation, useWorkspaceUsersQuery, type GoogleDirectoryUser } from '../api/workspace-api';
import { USERS_PAGE_SIZE, userTexts as t } from '../constants';
import { useAddToAgency } from '../hooks/use-add-to-agency';
import { useWorkspaceAccount, WORKSPACE_NOT_AUTHORIZED, WORKSPACE_NOT_CONNECTED, workspaceErrorCode } from '../hooks/use-workspace-account';

/**
 * The company's Google Workspace directory: each user not yet in Locus can be added to the
 * agency. An account that cannot read the directory is said once, here, with another account
 * and disconnect as the ways out; both stay offered beside a readable directory too.
 */
export const WorkspaceUsersDialog = ({ onClose }: { onClose: () => void }) => {
  const { data = [], isFetching, error } = useWorkspaceUsersQuery();
  const account = useWorkspaceAccount();
  const refused = workspaceErrorCode(error) === WORKSPACE_NOT_AUTHORIZED;
  const connected = workspaceErrorCode(error) !== WORKSPACE_NOT_CONNECTED;
  const [add] = useWorkspaceAddToAgencyMutation();
  const [search, setSearch] = useState('');
  const rows = filterRows(data, search, (u) => [u.fullName, u.primaryEmail]);

  const addOne = useAddToAgency();
  const addToAgency = (u: GoogleDirectoryUser) => addOne(u.fullName, () => add({ Id: u.id }).unwrap());

  const columns: Column<GoogleDirectoryUser>[] = [
    { header: t.workspaceColumns.name, cell: (u) => u.fullName },
    { header: t.workspaceColumns.email, cell: (u) => u.primaryEmail },
    {
      header: t.workspaceColumns.action,
      width: 160,
      cell: (u) =>
        u.isConnected ? (
          <Tag minimal intent="success">
            {t.inLocus}
          </Tag>
        ) : u.suspended ? (
          <Tag minimal>{t.suspended}</Tag>
        ) : (
          <Button size="small" intent="primary" icon="add" text={t.addToAgency} onClick={() => void addToAgency(u)} />
        ),
    },
  ];

  return (
    <Dialog isOpen title={t.workspaceUsersTitle} onClose={onClose} className="locus-dialog-xwide">
      <DialogBody>
        {refused ? (
          <Callout intent="warning" icon="warning-sign" title={t.workspaceRefusedTitle}>
            {failureMessage(error, t.genericFailure)}
          </Callout>
        ) : (
          <>
            <SearchBar value={search} onChange={setSearch} onClear={() => setSearch('')} clearText={t.clear} />
            <PaginatedTable
              rows={rows}
              columns={columns}
              rowKey={(u) => u.id}
              pageSize={USERS_PAGE_SIZE}
              paginator="above-page-size"
              emptyText={error ? failureMessage(error, t.genericFailure) : t.noAzureUsers}
              loading={isFetching && data.length === 0}
              resetKey={search}
            />
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button icon="swap-horizontal" text={t.useAnotherAccount} loading={account.connecting} onClick={() => void account.chooseAnother()} />
            {connected ? (
              <Button
                icon="disable"
                intent="danger"
                variant="outlined"
                text={t.disconnect}
                loading={account.disconnecting}
                onClick={() => void account.disconnect().then((gone) => gone && onClose())}
              />
            ) : null}
            <Button text={t.cancel} onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
};
