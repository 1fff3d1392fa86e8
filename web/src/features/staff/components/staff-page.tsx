import { Button, ButtonGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useDebouncedValue } from '@web/shared/hooks/use-debounced-value';
import { formatDate } from '@web/shared/lib/dates';
import { failureMessage } from '@web/shared/lib/envelope';
import { useSignedInUser } from '@web/shared/session/session-context';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { PageHeader } from '@web/shared/ui/page-header';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { SearchBar } from '@web/shared/ui/search-bar';
import { toast } from '@web/shared/ui/toaster';
import { useDeactivateStaffMutation, useStaffQuery, type Staff } from '../api/staff-api';
import { STAFF_PAGE_SIZE, staffTexts as t } from '../constants';
import { StaffDialog } from './staff-dialog';

/** /staff (CompanyUser): the company's staff members. */
export default function StaffPage() {
  const user = useSignedInUser();
  const companyId = user.companyId ?? '';
  const [search, setSearch] = useState('');
  const filter = useDebouncedValue(search.trim());
  const { data = [], isFetching } = useStaffQuery({ companyId, filter: filter || undefined }, { skip: !companyId });
  const [editing, setEditing] = useState<Staff | 'new' | null>(null);
  const [deactivate] = useDeactivateStaffMutation();
  const { confirm } = useConfirm();

  const remove = async (s: Staff) => {
    if (!(await confirm(t.confirmDelete))) return;
    try {
      const res = await deactivate({ companyId, staffId: s.Id }).unwrap();
      toast.success(res.ResponseMessage || t.deactivated);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const columns: Column<Staff>[] = [
    { header: t.columns.name, cell: (s) => `${s.FirstName} ${s.LastName}`.trim() },
    { header: t.columns.email, cell: (s) => s.Email },
    { header: t.columns.phone, cell: (s) => s.PhoneNumber },
    { header: t.columns.created, cell: (s) => formatDate(s.CreatedDate), width: 140 },
    {
      header: t.columns.actions,
      width: 180,
      cell: (s) => (
        <ButtonGroup>
          <Button size="small" icon="edit" text={t.edit} onClick={() => setEditing(s)} />
          <Button size="small" icon="trash" intent="danger" text={t.delete} onClick={() => void remove(s)} />
        </ButtonGroup>
      ),
    },
  ];

  return (
    <div className="locus-page">
      <PageHeader title={t.title} />
      <SearchBar value={search} onChange={setSearch} onClear={() => setSearch('')} placeholder={t.search} clearText={t.clear}>
        <Button intent="primary" icon="add" text={t.newStaff} onClick={() => setEditing('new')} />
      </SearchBar>
      <PaginatedTable
        rows={data}
        columns={columns}
        rowKey={(s) => s.Id}
        pageSize={STAFF_PAGE_SIZE}
        paginator="above-page-size"
        emptyText={t.empty}
        loading={isFetching && data.length === 0}
        resetKey={filter}
      />
      {editing ? <StaffDialog companyId={companyId} staff={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
