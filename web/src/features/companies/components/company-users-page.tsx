import { Button, Tag } from '@blueprintjs/core';
import { useNavigate, useParams } from 'react-router-dom';
import { formatDate } from '@web/shared/lib/dates';
import { PageHeader } from '@web/shared/ui/page-header';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { SearchBar } from '@web/shared/ui/search-bar';
import { useCompaniesDropdownQuery, useCompanyUsersQuery, type UserRow } from '../api/companies-api';
import { COMPANIES_PAGE_SIZE, companyTexts as t } from '../constants';
import { useServerPage } from '../hooks/use-server-page';

/** /companies/{companyId}/users: every user of one company, for the administrator. */
export default function CompanyUsersPage() {
  const { companyId = '' } = useParams();
  const navigate = useNavigate();
  const paging = useServerPage(COMPANIES_PAGE_SIZE);
  const { data, isFetching } = useCompanyUsersQuery({ companyId, ...paging.query }, { skip: !companyId });
  // the name comes from the Switch Company list the top bar already loaded
  const { companyName } = useCompaniesDropdownQuery(undefined, {
    selectFromResult: ({ data: companies }) => ({ companyName: companies?.find((c) => c.Id === companyId)?.CompanyName ?? undefined }),
  });

  const columns: Column<UserRow>[] = [
    {
      header: t.usersColumns.name,
      cell: (u) => (
        <>
          {u.FullName}
          <Tag minimal round intent={u.UserRoleId === 'CompanyAdmin' ? 'primary' : 'none'} className="locus-inline-tag">
            {u.RoleName}
          </Tag>
        </>
      ),
    },
    { header: t.usersColumns.email, cell: (u) => u.Email },
    { header: t.usersColumns.created, cell: (u) => formatDate(u.CreatedDate), width: 140 },
  ];

  return (
    <div className="locus-page">
      <PageHeader
        title={t.companyUsersTitle}
        subtitle={companyName || undefined}
        actions={<Button icon="arrow-left" text={t.title} onClick={() => navigate('/companies')} />}
      />
      <SearchBar value={paging.search} onChange={paging.setSearch} onClear={paging.clear} clearText={t.clear} />
      <PaginatedTable
        rows={data?.Data ?? []}
        columns={columns}
        rowKey={(u) => u.Id}
        pageSize={COMPANIES_PAGE_SIZE}
        paginator="above-page-size"
        emptyText={t.noUsers}
        loading={isFetching && !data}
        server={{ total: data?.TotalRecords ?? 0, page: paging.page, onPageChange: paging.setPage }}
      />
    </div>
  );
}
