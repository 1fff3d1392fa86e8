import { Button, ButtonGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '@web/shared/lib/dates';
import { responseMessage } from '@web/shared/lib/envelope';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { PageHeader } from '@web/shared/ui/page-header';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { SearchBar } from '@web/shared/ui/search-bar';
import { toast } from '@web/shared/ui/toaster';
import { useCompaniesQuery, useSetCompanyActiveMutation, type CompanyRow } from '../api/companies-api';
import { COMPANIES_PAGE_SIZE, companyTexts as t } from '../constants';
import { useServerPage } from '../hooks/use-server-page';
import { CompanyCreateDialog } from './company-create-dialog';
import { CompanyUpdateDialog } from './company-update-dialog';

export default function CompaniesPage() {
  const paging = useServerPage(COMPANIES_PAGE_SIZE);
  const { data, isFetching } = useCompaniesQuery(paging.query);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<CompanyRow | null>(null);
  const [setActive] = useSetCompanyActiveMutation();
  const { confirm } = useConfirm();

  const toggleActive = async (company: CompanyRow) => {
    // like users: deactivating asks first (it logs the company's users out), activating does not
    if (company.IsActive && !(await confirm(t.confirmDeactivateCompany))) return;
    try {
      const res = await setActive({ companyId: company.Id, active: !company.IsActive }).unwrap();
      toast.success(res.ResponseMessage || (company.IsActive ? t.companyDeactivated : t.companyActivated));
    } catch (err) {
      toast.error(responseMessage(err, t.updateFailed));
    }
  };

  const columns: Column<CompanyRow>[] = [
    {
      header: t.columns.name,
      cell: (c) => (
        <>
          <Link to={`/companies/${encodeURIComponent(c.Id)}/users`}>{c.CompanyName || '—'}</Link>
          {!c.IsActive ? (
            <Tag minimal intent="warning" className="locus-inline-tag">
              {t.inactive}
            </Tag>
          ) : null}
        </>
      ),
    },
    {
      header: t.columns.contact,
      cell: (c) =>
        c.PrimaryContact ? (
          <div>
            <div>{c.PrimaryContact.FullName}</div>
            <div className="locus-muted">{c.PrimaryContact.Email}</div>
          </div>
        ) : (
          ''
        ),
    },
    { header: t.columns.created, cell: (c) => formatDate(c.CreatedDate), width: 140 },
    {
      header: t.columns.action,
      width: 220,
      cell: (c) => (
        <ButtonGroup>
          <Button icon="edit" size="small" text={t.edit} onClick={() => setEditing(c)} />
          <Button
            icon={c.IsActive ? 'disable' : 'confirm'}
            size="small"
            intent={c.IsActive ? 'danger' : 'success'}
            text={c.IsActive ? t.deactivate : t.activate}
            onClick={() => void toggleActive(c)}
          />
        </ButtonGroup>
      ),
    },
  ];

  return (
    <div className="locus-page">
      <PageHeader title={t.title} />
      <SearchBar value={paging.search} onChange={paging.setSearch} onClear={paging.clear} placeholder={t.searchPlaceholder} clearText={t.clear}>
        <Button intent="primary" icon="add" text={t.newCompany} onClick={() => setCreating(true)} />
      </SearchBar>
      <PaginatedTable
        rows={data?.Data ?? []}
        columns={columns}
        rowKey={(c) => c.Id}
        pageSize={COMPANIES_PAGE_SIZE}
        paginator="above-page-size"
        emptyText={t.empty}
        loading={isFetching && !data}
        server={{ total: data?.TotalRecords ?? 0, page: paging.page, onPageChange: paging.setPage }}
      />
      <CompanyCreateDialog isOpen={creating} onClose={() => setCreating(false)} />
      {editing ? <CompanyUpdateDialog company={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
