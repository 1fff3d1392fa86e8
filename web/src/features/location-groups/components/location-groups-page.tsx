import { Button, ButtonGroup, Card, H4, HTMLSelect, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { GROUP_ACCESS_LEVELS, type GroupAccess } from '@locus/contracts';
import { formatDate } from '@web/shared/lib/dates';
import { failureMessage } from '@web/shared/lib/envelope';
import { useSignedInUser } from '@web/shared/session/session-context';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { PageHeader } from '@web/shared/ui/page-header';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { toast } from '@web/shared/ui/toaster';
import {
  useAssignGroupUserMutation,
  useDeleteLocationGroupMutation,
  useLocationGroupQuery,
  useLocationGroupsQuery,
  useRemoveGroupLocationsMutation,
  useUnassignGroupUserMutation,
  type LocationGroupDetails,
  type LocationGroupSummary,
} from '../api/location-groups-api';
import { GROUP_MEMBERS_PAGE_SIZE, GROUPS_PAGE_SIZE, groupTexts as t } from '../constants';
import { AddLocationsDialog } from './add-locations-dialog';
import { AddMatchingDialog } from './add-matching-dialog';
import { AssignUserDialog } from './assign-user-dialog';
import { GroupNameDialog } from './group-name-dialog';
import './location-groups.css';

type Location = LocationGroupDetails['Locations'][number];
type User = LocationGroupDetails['Users'][number];
type Open = 'create' | 'rename' | 'add' | 'matching' | 'assign' | null;

/** /location-groups (CompanyAdmin writes, CompanyAuditor reads): the groups, and the open one's locations and users. */
export default function LocationGroupsPage() {
  const user = useSignedInUser();
  const companyId = user.companyId ?? '';
  const canWrite = user.role === 'CompanyAdmin';
  const { data: groups = [], isFetching } = useLocationGroupsQuery();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = groups.find((g) => g.Id === selectedId) ?? null;
  const details = useLocationGroupQuery(selected?.Id ?? '', { skip: !selected });
  const [open, setOpen] = useState<Open>(null);
  const [renaming, setRenaming] = useState<LocationGroupSummary | null>(null);
  const { confirm } = useConfirm();
  const [deleteGroup] = useDeleteLocationGroupMutation();
  const [removeLocations] = useRemoveGroupLocationsMutation();
  const [unassign] = useUnassignGroupUserMutation();
  const [assign] = useAssignGroupUserMutation();

  const run = async (action: () => Promise<{ ResponseMessage?: string }>, done: string) => {
    try {
      const res = await action();
      toast.success(res.ResponseMessage || done);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const remove = async (g: LocationGroupSummary) => {
    if (!(await confirm(t.confirmDelete))) return;
    await run(() => deleteGroup(g.Id).unwrap(), t.deleted);
    if (selectedId === g.Id) setSelectedId(null);
  };

  const groupColumns: Column<LocationGroupSummary>[] = [
    { header: t.columns.name, cell: (g) => <strong>{g.Name}</strong> },
    { header: t.columns.locations, cell: (g) => g.LocationCount, width: 110 },
    { header: t.columns.users, cell: (g) => g.UserCount, width: 90 },
    { header: t.columns.created, cell: (g) => formatDate(g.CreatedDate), width: 140 },
    {
      header: t.columns.actions,
      width: canWrite ? 270 : 100,
      cell: (g) => (
        <ButtonGroup>
          <Button size="small" icon="eye-open" text={t.open} active={g.Id === selectedId} onClick={() => setSelectedId(g.Id)} />
          {canWrite ? (
            <>
              <Button
                size="small"
                icon="edit"
                text={t.rename}
                onClick={() => {
                  setRenaming(g);
                  setOpen('rename');
                }}
              />
              <Button size="small" icon="trash" intent="danger" text={t.delete} onClick={() => void remove(g)} />
            </>
          ) : null}
        </ButtonGroup>
      ),
    },
  ];

  const groupId = selected?.Id ?? '';
  const locationColumns: Column<Location>[] = [
    { header: t.locationColumns.title, cell: (l) => l.Title },
    { header: t.locationColumns.storeCode, cell: (l) => l.StoreCode, width: 140 },
    { header: t.locationColumns.city, cell: (l) => l.Town, width: 140 },
    { header: t.locationColumns.state, cell: (l) => l.State, width: 80 },
    ...(canWrite
      ? [
          {
            header: t.locationColumns.actions,
            width: 110,
            cell: (l: Location) => (
              <Button
                size="small"
                icon="remove"
                text={t.remove}
                aria-label={`${t.remove} ${l.Title}`}
                onClick={() => void run(() => removeLocations({ groupId, body: { LocationIds: [l.LocationId] } }).unwrap(), t.locationsRemoved)}
              />
            ),
          },
        ]
      : []),
  ];
  const userColumns: Column<User>[] = [
    { header: t.userColumns.name, cell: (u) => u.Name },
    { header: t.userColumns.email, cell: (u) => u.Email },
    {
      header: t.userColumns.access,
      width: 160,
      cell: (u) =>
        canWrite ? (
          <HTMLSelect
            aria-label={`${t.access} ${u.Name}`}
            value={u.Access}
            onChange={(e) =>
              void run(() => assign({ groupId, body: { UserId: u.UserId, Access: e.currentTarget.value as GroupAccess } }).unwrap(), t.userAssigned)
            }
            options={GROUP_ACCESS_LEVELS.map((a) => ({ value: a, label: t.accessLabels[a] }))}
          />
        ) : (
          t.accessLabels[u.Access]
        ),
    },
    ...(canWrite
      ? [
          {
            header: t.userColumns.actions,
            width: 110,
            cell: (u: User) => (
              <Button
                size="small"
                icon="remove"
                text={t.remove}
                aria-label={`${t.remove} ${u.Name}`}
                onClick={() => void run(() => unassign({ groupId, userId: u.UserId }).unwrap(), t.userUnassigned)}
              />
            ),
          },
        ]
      : []),
  ];

  const d = details.data;
  return (
    <div className="locus-page locus-location-groups">
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={canWrite ? <Button intent="primary" icon="add" text={t.newGroup} onClick={() => setOpen('create')} /> : undefined}
      />
      <PaginatedTable
        rows={groups}
        columns={groupColumns}
        rowKey={(g) => g.Id}
        pageSize={GROUPS_PAGE_SIZE}
        paginator="above-page-size"
        emptyText={t.empty}
        loading={isFetching && groups.length === 0}
      />
      {selected ? (
        <div className="locus-group-details" aria-label={selected.Name}>
          <Card>
            <div className="locus-group-section-head">
              <H4>
                {t.locations} — {selected.Name}
              </H4>
              {canWrite ? (
                <ButtonGroup>
                  <Button icon="add" text={t.addLocations} onClick={() => setOpen('add')} />
                  <Button icon="filter" text={t.addMatching} onClick={() => setOpen('matching')} />
                </ButtonGroup>
              ) : null}
            </div>
            {details.error ? <div className="locus-field-error">{failureMessage(details.error, t.genericFailure)}</div> : null}
            <PaginatedTable
              rows={d?.Locations ?? []}
              columns={locationColumns}
              rowKey={(l) => l.LocationId}
              pageSize={GROUP_MEMBERS_PAGE_SIZE}
              paginator="above-page-size"
              emptyText={t.emptyLocations}
              loading={details.isFetching && !d}
              resetKey={groupId}
            />
          </Card>
          <Card>
            <div className="locus-group-section-head">
              <H4>{t.users}</H4>
              {canWrite ? <Button icon="new-person" text={t.assignUser} onClick={() => setOpen('assign')} /> : null}
            </div>
            <PaginatedTable
              rows={d?.Users ?? []}
              columns={userColumns}
              rowKey={(u) => u.UserId}
              pageSize={GROUP_MEMBERS_PAGE_SIZE}
              paginator="above-page-size"
              emptyText={t.emptyUsers}
              loading={details.isFetching && !d}
              resetKey={groupId}
            />
          </Card>
        </div>
      ) : groups.length > 0 ? (
        <NonIdealState icon="group-objects" description={t.noSelection} className="locus-group-none" />
      ) : null}
      {open === 'create' ? <GroupNameDialog group={null} onClose={() => setOpen(null)} onCreated={setSelectedId} /> : null}
      {open === 'rename' && renaming ? <GroupNameDialog group={renaming} onClose={() => setOpen(null)} /> : null}
      {open === 'add' && d ? (
        <AddLocationsDialog groupId={groupId} inGroup={new Set(d.Locations.map((l) => l.LocationId))} onClose={() => setOpen(null)} />
      ) : null}
      {open === 'matching' ? <AddMatchingDialog companyId={companyId} groupId={groupId} onClose={() => setOpen(null)} /> : null}
      {open === 'assign' && d ? <AssignUserDialog groupId={groupId} assigned={new Set(d.Users.map((u) => u.UserId))} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
