import { Card, Icon, Spinner, SpinnerSize, Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { failureMessage } from '@web/shared/lib/envelope';
import { useListingHealthQuery, type ListingHealth } from './health-api';
import { VERIFICATION_INTENT, fieldLabel, healthTexts as t } from './health-texts';
import './health.css';

const detailsOf = (id: string) => `/${encodeURIComponent(id)}/location-details`;

function FixList({
  title,
  rows,
  kind,
  more,
  moreTo,
}: {
  title: string;
  rows: ListingHealth['NeedsAction'];
  kind: 'action' | 'incomplete';
  more: string;
  moreTo: string;
}) {
  if (!rows.length) return null;
  return (
    <div className="locus-health-list" data-testid={`health-list-${kind}`}>
      <div className="locus-health-list-title">{title}</div>
      <ul>
        {rows.map((l) => (
          <li key={l.Id}>
            <Link to={detailsOf(l.Id)} data-testid="health-fix-link">
              {l.Title || l.StoreCode || l.Id}
            </Link>{' '}
            {kind === 'action' ? (
              <Tag minimal round intent={VERIFICATION_INTENT[l.Verification]} title={t.advice[l.Verification] ?? undefined}>
                {t.verification[l.Verification]}
              </Tag>
            ) : (
              <span className="locus-muted">
                {t.completeness(l.Completeness)} — {t.missing(l.MissingFields.map(fieldLabel))}
              </span>
            )}
          </li>
        ))}
      </ul>
      <Link to={moreTo} className="locus-health-more">
        {more}
      </Link>
    </div>
  );
}

/** The dashboard's listing-health tile: average completeness, locations needing action, and links to fix them. */
export const ListingHealthTile = () => {
  const { data, error, isLoading } = useListingHealthQuery();
  return (
    <Card className="locus-health-tile" data-testid="tile-listing-health">
      <div className="locus-health-head">
        <Icon icon="heart" size={28} className="locus-tile-icon" />
        <div>
          <div className="locus-tile-title">{t.tileTitle}</div>
          {isLoading ? <Spinner size={SpinnerSize.SMALL} /> : null}
          {error ? <div className="locus-field-error">{failureMessage(error, t.loadFailed)}</div> : null}
          {data && data.TotalLocations === 0 ? <div className="locus-muted">{t.noLocations}</div> : null}
          {data && data.TotalLocations > 0 ? (
            <div className="locus-tile-value">
              <span data-testid="health-average">{data.AverageCompleteness}%</span> <span className="locus-tile-unit">{t.averageCompleteness}</span>
              <div className="locus-health-counts">
                <span data-testid="health-needs-action">{t.needingAction(data.NeedsActionCount)}</span>
                {' · '}
                <span data-testid="health-incomplete">{t.incomplete(data.IncompleteCount)}</span>
              </div>
            </div>
          ) : null}
        </div>
      </div>
      {data && data.TotalLocations > 0 && data.NeedsActionCount === 0 && data.IncompleteCount === 0 ? <div className="locus-muted">{t.allGood}</div> : null}
      {data ? (
        <div className="locus-health-lists">
          <FixList title={t.fixNeedsAction} rows={data.NeedsAction} kind="action" more={t.viewAllNeedsAction} moreTo="/locations?verification=NeedsAction" />
          <FixList title={t.fixIncomplete} rows={data.LeastComplete} kind="incomplete" more={t.viewAllIncomplete} moreTo="/locations?completenessBelow=100" />
        </div>
      ) : null}
    </Card>
  );
};
