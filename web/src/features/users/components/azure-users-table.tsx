import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { filterRows } from '@web/shared/lib/global-search';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { SearchBar } from '@web/shared/ui/search-bar';
import { useAddToAgencyMutation, useAzureUsersQuery, type AzureDirectoryUser } from '../api/users-api';
import { USERS_PAGE_SIZE, userTexts as t } from '../constants';
import { useAddToAgency } from '../hooks/use-add-to-agency';

/** Directory users not yet in the company, each with Add to Agency; search and Connect Azure Account. */
export const AzureUsersTable = ({ onConnect }: { onConnect: () => void }) => {
  const { data = [], isFetching, error } = useAzureUsersQuery();
  const [search, setSearch] = useState('');
  const [add] = useAddToAgencyMutation();
  const rows = filterRows(data, search, (u) => [u.displayName, u.userPrincipalName, u.givenName]);

  const addOne = useAddToAgency();
  const addToAgency = (u: AzureDirectoryUser) =>
    addOne(u.displayName, () => add({ Id: u.id, DisplayName: u.displayName, UserPrincipalName: u.userPrincipalName }).unwrap());

  const columns: Column<AzureDirectoryUser>[] = [
    { header: t.azureColumns.name, cell: (u) => u.displayName },
    { header: t.azureColumns.principal, cell: (u) => u.userPrincipalName },
    {
      header: t.azureColumns.action,
      width: 150,
      cell: (u) => <Button size="small" intent="primary" icon="add" text={t.addToAgency} onClick={() => void addToAgency(u)} />,
    },
  ];

  return (
    <>
      <SearchBar value={search} onChange={setSearch} onClear={() => setSearch('')} clearText={t.clear}>
        <Button icon="link" text={t.connectAzureAccount} onClick={onConnect} />
      </SearchBar>
      <PaginatedTable
        rows={rows}
        columns={columns}
        rowKey={(u) => u.id}
        pageSize={USERS_PAGE_SIZE}
        paginator="above-page-size"
        emptyText={error ? failureMessage(error, t.notConnected) : t.noAzureUsers}
        loading={isFetching && data.length === 0}
        resetKey={search}
      />
    </>
  );
};
