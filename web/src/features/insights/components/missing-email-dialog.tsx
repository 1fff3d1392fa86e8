import { Button, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { PaginatedTable } from '@web/shared/ui/paginated-table';
import { SearchBar } from '@web/shared/ui/search-bar';
import { MISSING_EMAIL_PAGE_SIZE, insightsTexts as t } from '../constants';

interface Row {
  Id: string;
  Title: string;
}

/** 'Locations Without Email': searchable titles linking to the location details, 10 per page. */
export function MissingEmailDialog({ locations, onClose }: { locations: Row[]; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const rows = useMemo(() => {
    const term = search.trim().toLowerCase();
    return term ? locations.filter((l) => l.Title.toLowerCase().includes(term)) : locations;
  }, [locations, search]);
  return (
    <Dialog isOpen title={t.locationsWithoutEmail} onClose={onClose} style={{ width: 640 }}>
      <DialogBody>
        <SearchBar value={search} onChange={setSearch} onClear={() => setSearch('')} placeholder={t.search} clearText={t.clear} />
        <PaginatedTable
          rows={rows}
          rowKey={(r) => r.Id}
          pageSize={MISSING_EMAIL_PAGE_SIZE}
          paginator="above-page-size"
          emptyText={t.noLocations}
          resetKey={search}
          columns={[{ header: t.title, cell: (r) => <Link to={`/${r.Id}/location-details`}>{r.Title || r.Id}</Link> }]}
        />
      </DialogBody>
      <DialogFooter actions={<Button text={t.close} onClick={onClose} className={Classes.MINIMAL} />} />
    </Dialog>
  );
}
