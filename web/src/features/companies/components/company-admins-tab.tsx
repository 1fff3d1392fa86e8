import { Button, ButtonGroup, Icon, Tooltip } from '@blueprintjs/core';
import { useState } from 'react';
import { formatDate } from '@web/shared/lib/dates';
import { failureMessage } from '@web/shared/lib/envelope';
import { startSessionAndGo } from '@web/shared/session/session-actions';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { toast } from '@web/shared/ui/toaster';
import { useCompanyAdminsQuery, useDeleteCompanyAdminMutation, useSwitchCompanyMutation, type UserRow } from '../api/companies-api';
import { COMPANIES_PAGE_SIZE, companyTexts as t } from '../constants';
import { CompanyAdminDialog } from './company-admin-dialog';

export const CompanyAdminsTab = ({ companyId }: { companyId: string }) => {
  const [page, setPage] = useState(0);
  const { data, isFetching } = useCompanyAdminsQuery({ companyId, page: page + 1, pageSize: COMPANIES_PAGE_SIZE });
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const [remove] = useDeleteCompanyAdminMutation();
  const [switchCompany] = useSwitchCompanyMutation();
  const { confirm } = useConfirm();

  const switchAs = async (admin: UserRow) => {
    try {
      const res = await switchCompany({ companyId, companyAdminId: admin.Id }).unwrap();
      startSessionAndGo(res.Token, '/dashboard');
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const deleteAdmin = async (admin: UserRow) => {
    if (!(await confirm(t.confirmDeleteAdmin))) return;
    try {
      const res = await remove({ companyId, adminId: admin.Id }).unwrap();
      toast.success(res.ResponseMessage || t.companyAdminDeleted);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const columns: Column<UserRow>[] = [
    {
      header: t.adminColumns.name,
      cell: (u) => (
        <span>
          {u.FullName}
          {u.IsDefaultCompanyContact ? (
            <Tooltip content={t.defaultAdmin}>
              <Icon icon="tick-circle" intent="success" className="locus-inline-icon" aria-label={t.defaultAdmin} />
            </Tooltip>
          ) : null}
          <div className="locus-muted">{u.Email}</div>
        </span>
      ),
    },
    { header: t.adminColumns.created, cell: (u) => formatDate(u.CreatedDate), width: 140 },
    {
      header: t.adminColumns.actions,
      width: 260,
      cell: (u) => (
        <ButtonGroup>
          <Button size="small" icon="edit" text={t.edit} onClick={() => setEditing(u)} />
          <Button size="small" icon="swap-horizontal" text={t.switch} onClick={() => void switchAs(u)} disabled={!u.LoginAllowed} />
          {u.IsDefaultCompanyContact ? null : <Button size="small" icon="trash" intent="danger" text={t.delete} onClick={() => void deleteAdmin(u)} />}
        </ButtonGroup>
      ),
    },
  ];

  return (
    <div>
      <div className="locus-toolbar">
        <div className="locus-toolbar-spacer" />
        <Button intent="primary" icon="add" text={t.newCompanyAdmin} onClick={() => setEditing('new')} />
      </div>
      <PaginatedTable
        rows={data?.Data ?? []}
        columns={columns}
        rowKey={(u) => u.Id}
        pageSize={COMPANIES_PAGE_SIZE}
        paginator="above-page-size"
        emptyText={t.noAdmins}
        loading={isFetching && !data}
        server={{ total: data?.TotalRecords ?? 0, page, onPageChange: setPage }}
      />
      {editing ? <CompanyAdminDialog companyId={companyId} admin={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
};
