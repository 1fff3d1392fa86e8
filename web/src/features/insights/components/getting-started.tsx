import { Callout, Card, H5, Icon, ProgressBar } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { GettingStartedStep } from '@locus/contracts';
import { useCurrentUser } from '@web/shared/session/session-context';
import { useGettingStartedQuery, type GettingStarted } from '../api/insights-api';

/** Texts of the first hour: the checklist, the empty charts' reasons, a company user's missing locations. */
export const gettingStartedTexts = {
  title: 'Getting started',
  progress: (done: number, all: number) => `${done} of ${all} done`,
  steps: {
    connectGoogle: { label: 'Connect your Google account', to: '/connected-accounts', action: 'Open Connections' },
    importLocations: { label: 'Import your locations from Google', to: '/connected-accounts', action: 'Choose locations to import' },
    setDefaults: { label: 'Set the location defaults', to: '/default-location', action: 'Open Location Defaults' },
    inviteUsers: { label: 'Invite your team', to: '/users', action: 'Add users' },
    setUpAiReplies: { label: 'Set up AI replies to reviews', to: '/brandsettings', action: 'Open Brand Settings' },
  } satisfies Record<GettingStartedStep, { label: string; to: string; action: string }>,
  done: 'Done',
  noLocationsYet: 'No locations yet, so there is nothing to chart.',
  connectToFill: 'Connect Google and import your locations: the charts fill in from their first insights import.',
  noneAssigned: 'No locations are assigned to you, so there is nothing to show yet.',
  assignedBy: (admins: string[]) =>
    admins.length
      ? `Your company admin${admins.length > 1 ? 's' : ''} ${listOf(admins)} assign${admins.length > 1 ? '' : 's'} locations to you.`
      : 'Your company admins assign locations to you.',
  nothingReported: 'Google reported none for this period. Insights are imported daily; newly imported locations show figures after their first import.',
} as const;

function listOf(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const t = gettingStartedTexts;

/** Why a chart is empty and what to do, from what the company (or the company user) has. */
export function useEmptyChartHint(): ReactNode {
  const role = useCurrentUser()?.role;
  const { data } = useGettingStartedQuery(undefined, { skip: role !== 'CompanyAdmin' && role !== 'CompanyUser' });
  return emptyChartHint(data, role);
}

export function emptyChartHint(data: GettingStarted | undefined, role: string | undefined): ReactNode {
  if (!data || data.VisibleLocations > 0) return t.nothingReported;
  if (role === 'CompanyUser') return `${t.noneAssigned} ${t.assignedBy(data.CompanyAdmins)}`;
  return (
    <>
      {t.noLocationsYet} {role === 'CompanyAdmin' ? <Link to="/connected-accounts">{t.connectToFill}</Link> : t.connectToFill}
    </>
  );
}

/**
 * The dashboard's first-hour guide: for a company admin, the checklist while the company has no
 * connected account, no locations or no other users (each step ticked by what has happened,
 * live); for a company user without locations, who assigns them.
 */
export function GettingStartedPanel() {
  const user = useCurrentUser();
  const { data } = useGettingStartedQuery();
  if (!data || !user) return null;
  if (user.role === 'CompanyUser') {
    if (data.VisibleLocations > 0) return null;
    return (
      <Callout intent="primary" icon="office" className="locus-callout" data-testid="no-locations-assigned">
        {t.noneAssigned} {t.assignedBy(data.CompanyAdmins)}
      </Callout>
    );
  }
  if (user.role !== 'CompanyAdmin' || !data.Show) return null;
  const done = data.Steps.filter((s) => s.Done).length;
  return (
    <Card className="locus-getting-started" data-testid="getting-started">
      <div className="locus-getting-started-head">
        <H5>{t.title}</H5>
        <span className="locus-muted" data-testid="getting-started-progress">
          {t.progress(done, data.Steps.length)}
        </span>
      </div>
      <ProgressBar value={done / data.Steps.length} intent="success" stripes={false} />
      <ol className="locus-getting-started-steps">
        {data.Steps.map(({ Step, Done }) => {
          const step = t.steps[Step];
          return (
            <li key={Step} data-testid={`getting-started-${Step}`} data-done={Done}>
              <Icon icon={Done ? 'tick-circle' : 'circle'} intent={Done ? 'success' : 'none'} aria-label={Done ? t.done : undefined} />
              <span className={Done ? 'locus-step-done' : undefined}>{step.label}</span>
              {Done ? null : <Link to={step.to}>{step.action}</Link>}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
