import { Button, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { PaginatedTable } from '@web/shared/ui/paginated-table';
import { SearchBar } from '@web/shared/ui/search-bar';
import { useInsightsLocationItemsQuery } from '../api/insights-api';
import { MISSING_EMAIL_PAGE_SIZE, insightsTexts as t } from '../constants';

interface Row {
  Id: string;
  Title: string;
}
type Listed = Row & { StoreCode: string; Address: string };

/** 'Locations Without Email': searchable titles (with store code and address) linking to the location details, 10 per page. */
export function MissingEmailDialog({ locations, onClose }: { locations: Row[]; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const { data: items } = useInsightsLocationItemsQuery();
  const listed = useMemo<Listed[]>(() => {
    const byId = new Map((items ?? []).map((i) => [i.LocationId, i]));
    return locations.map((l) => ({ ...l, StoreCode: byId.get(l.Id)?.StoreCode ?? '', Address: byId.get(l.Id)?.Address ?? '' }));
  }, [items, locations]);
  const rows = useMemo(() => {
    const term = search.trim().toLowerCase();
    return term ? listed.filter((l) => [l.Title, l.StoreCode, l.Address].some((x) => x.toLowerCase().includes(term))) : listed;
  }, [listed, search]);
  return (
    <Dialog isOpen title={t.locationsWithoutEmail} onClose={onClose} style={{ width: 760, maxWidth: '96vw' }}>
      <DialogBody>
        <SearchBar value={search} onChange={setSearch} onClear={() => setSearch('')} placeholder={t.search} clearText={t.clear} />
        <PaginatedTable
          rows={rows}
          rowKey={(r) => r.Id}
          pageSize={MISSING_EMAIL_PAGE_SIZE}
          paginator="above-page-size"
          emptyText={t.noLocations}
          resetKey={search}
          columns={[
            { header: t.title, cell: (r) => <Link to={`/${r.Id}/location-details`}>{r.Title || r.Id}</Link> },
            { header: t.storeCode, cell: (r) => r.StoreCode },
            { header: t.address, cell: (r) => r.Address },
          ]}
        />
      </DialogBody>
      <DialogFooter actions={<Button text={t.close} onClick={onClose} className={Classes.MINIMAL} />} />
    </Dialog>
  );
}
