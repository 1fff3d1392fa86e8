import { NonIdealState } from '@blueprintjs/core';
import { useMatches } from 'react-router-dom';
import type { RouteHandle } from './layout/app-layout';

/** Route of a feature not built yet: reachable from the menu, shows no data. */
export default function ComingSoon() {
  const matches = useMatches();
  const title = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.title ?? 'This page';
  return <NonIdealState icon="build" title={title} description="Coming soon." />;
}
