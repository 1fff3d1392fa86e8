import { Button, Icon, InputGroup, Tag, type Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@web/shared/hooks/use-debounced-value';
import { formatDate } from '@web/shared/lib/dates';
import { responseMessage } from '@web/shared/lib/envelope';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { toast } from '@web/shared/ui/toaster';
import { useUnassignLocationMutation, useUserLocationsQuery, type UserLocationLink } from '../api/assignments-api';
import { associationBadge, USER_LOCATIONS_PAGE_SIZE, assignmentTexts as t } from './constants';
import { AssignLocationsDialog } from './assign-locations-dialog';
import './assignments.css';

const BADGE_INTENT: Record<string, Intent> = { Primary: 'primary', 'Co-owner': 'success', 'Staff Member': 'none' };

const Thumb = ({ url, title }: { url: string | null; title: string }) => {
  const [failed, setFailed] = useState(false);
  return url && !failed ? (
    <img className="locus-link-thumb" src={url} alt={title} onError={() => setFailed(true)} />
  ) : (
    <span className="locus-link-thumb locus-link-thumb-empty">
      <Icon icon="shop" />
    </span>
  );
};

/** Associated Locations of a company user (Update User dialog). */
export const AssociatedLocationsPanel = ({ userId }: { userId: string }) => {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [assignOpen, setAssignOpen] = useState(false);
  const settled = useDebouncedValue(search.trim());
  useEffect(() => setPage(0), [settled]);
  const { data, isFetching } = useUserLocationsQuery({ userId, search: settled || undefined, page: page + 1, pageSize: USER_LOCATIONS_PAGE_SIZE });
  const [unassign] = useUnassignLocationMutation();
  const { confirm } = useConfirm();

  const remove = async (link: UserLocationLink) => {
    if (!(await confirm(t.deleteAssociationConfirmation))) return;
    try {
      const res = await unassign({ userId, locationId: link.Location.Id }).unwrap();
      toast.success(res.ResponseMessage || t.unassigned);
    } catch (err) {
      toast.error(responseMessage(err, t.genericFailure));
    }
  };

  const columns: Column<UserLocationLink>[] = [
    {
      header: t.columns.location,
      cell: (l) => {
        const badge = l.Badge || associationBadge(l);
        return (
          <div className="locus-link-row">
            <Thumb url={l.Location.ThumbnailUrl} title={l.Location.Title} />
            <div>
              <div>
                <span className="locus-link-title">{l.Location.Title}</span>
                <Tag minimal round intent={BADGE_INTENT[badge] ?? 'none'} className="locus-inline-tag">
                  {badge}
                </Tag>
              </div>
              {[l.Location.StreetAddressLine1, l.Location.StreetAddressLine2]
                .filter((x) => x.trim() !== '')
                .map((line, i) => (
                  <div key={i} className="locus-muted">
                    {line}
                  </div>
                ))}
            </div>
          </div>
        );
      },
    },
    { header: t.columns.associated, width: 170, cell: (l) => t.associatedOn(formatDate(l.CreatedDate)) },
    {
      header: '',
      width: 60,
      cell: (l) => (
        <Button icon="trash" variant="minimal" intent="danger" title={t.delete} aria-label={`${t.delete} ${l.Location.Title}`} onClick={() => void remove(l)} />
      ),
    },
  ];

  return (
    <section className="locus-associated-locations" aria-label={t.panelTitle}>
      <div className="locus-form-section">{t.panelTitle}</div>
      <div className="locus-toolbar">
        <InputGroup
          leftIcon="search"
          placeholder={t.searchPlaceholder}
          aria-label={t.searchPlaceholder}
          value={search}
          onValueChange={setSearch}
          className="locus-toolbar-search"
        />
        <div className="locus-toolbar-spacer" />
        <Button intent="primary" icon="add" text={t.assignLocations} onClick={() => setAssignOpen(true)} />
      </div>
      <PaginatedTable
        rows={data?.Data ?? []}
        columns={columns}
        rowKey={(l) => l.RowId}
        pageSize={USER_LOCATIONS_PAGE_SIZE}
        paginator="above-page-size"
        emptyText={t.empty}
        loading={isFetching && !data}
        server={{ total: data?.TotalRecords ?? 0, page, onPageChange: setPage }}
      />
      {assignOpen ? <AssignLocationsDialog userId={userId} onClose={() => setAssignOpen(false)} /> : null}
    </section>
  );
};
