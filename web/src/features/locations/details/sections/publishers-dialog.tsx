import { AnchorButton, Dialog, DialogBody, HTMLSelect, HTMLTable, InputGroup, NonIdealState, ProgressBar, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { formatDateTime } from '@web/shared/lib/dates';
import { failureMessage } from '@web/shared/lib/envelope';
import { useLocationPublishersQuery } from '../../api/content-api';
import { DISPOSITIONS, sectionTexts as t } from './constants';
import { filterPublishers, publisherAction } from './section-rules';
import './sections.css';

const INTENT: Record<string, 'success' | 'primary' | 'warning' | 'danger' | 'none'> = {
  Successful: 'success',
  Pending: 'warning',
  Submitted: 'primary',
  Rejected: 'danger',
};

/** Publishers (1000px): the directories of the location's Localeze listing, with search and column filters. */
export function PublishersDialog({ locationId, onOpened, onClose }: { locationId: string; onOpened: () => void; onClose: () => void }) {
  const { data, error, isFetching } = useLocationPublishersQuery(locationId);
  const [search, setSearch] = useState('');
  const [platform, setPlatform] = useState('');
  const [status, setStatus] = useState('');
  // Fetching publishers reloads the location too (spec part 2 §4).
  useEffect(onOpened, [onOpened]);
  const rows = filterPublishers(data ?? [], search, platform, status);
  return (
    <Dialog isOpen title={t.publishers} onClose={onClose} style={{ width: 1000, maxWidth: '95vw' }}>
      <DialogBody>
        <div className="locus-publishers-tools">
          <InputGroup leftIcon="search" placeholder={t.searchPublishers} aria-label={t.searchPublishers} value={search} onValueChange={setSearch} />
        </div>
        {isFetching ? <ProgressBar intent="primary" /> : null}
        {error ? <NonIdealState icon="error" title={failureMessage(error, t.unavailable)} /> : null}
        {!error ? (
          <HTMLTable compact striped className="locus-publishers-table" data-testid="publishers-table">
            <thead>
              <tr>
                <th>{t.logo}</th>
                <th>
                  {t.platform}
                  <InputGroup size="small" placeholder={t.filterPlatform} aria-label={t.filterPlatform} value={platform} onValueChange={setPlatform} />
                </th>
                <th>
                  {t.status}
                  <HTMLSelect aria-label={t.status} value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
                    <option value="">{t.allStatuses}</option>
                    {DISPOSITIONS.map((d) => (
                      <option key={d} value={d}>
                        {d}
                      </option>
                    ))}
                  </HTMLSelect>
                </th>
                <th>{t.lastModified}</th>
                <th>{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && !isFetching ? (
                <tr>
                  <td colSpan={5} className="locus-muted">
                    {t.noPublishers}
                  </td>
                </tr>
              ) : null}
              {rows.map((p) => {
                const action = publisherAction(p);
                return (
                  <tr key={p.Platform} data-testid="publisher-row">
                    <td>{p.LogoUrl ? <img className="locus-publisher-logo" src={p.LogoUrl} alt={p.Platform} /> : null}</td>
                    <td>{p.Platform}</td>
                    <td>
                      <Tag minimal intent={INTENT[p.Disposition] ?? 'none'}>
                        {p.Disposition}
                      </Tag>
                    </td>
                    <td>{formatDateTime(p.LastModified)}</td>
                    <td>
                      {action.kind === 'link' ? (
                        <AnchorButton size="small" icon="share" href={action.href} target="_blank" rel="noreferrer" text={t.viewListing} />
                      ) : (
                        <span className="locus-muted">{action.text}</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        ) : null}
      </DialogBody>
    </Dialog>
  );
}
