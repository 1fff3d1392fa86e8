import { Navigate, type RouteObject } from 'react-router-dom';
import { useCurrentUser } from '@web/shared/session/session-context';
import { AppLayout, type RouteHandle } from './layout/app-layout';
import type { WebPage } from './feature-manifest';
import { webManifests } from './features';
import { landingPathFor, LOGIN_PATH, routeAccess } from './route-access';
import { Guard } from './route-guard';

const RootRedirect = () => {
  const user = useCurrentUser();
  return <Navigate to={user ? landingPathFor(user.role) : LOGIN_PATH} replace />;
};

const guarded = ({ path, page: Page, title }: WebPage): RouteObject => ({
  path,
  handle: { title } satisfies RouteHandle,
  element: (
    <Guard access={routeAccess[path]}>
      <Page />
    </Guard>
  ),
});

/** Spec part 1 §2 and part 2 §2 route tables: the pages of every web feature's manifest. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <RootRedirect /> },
      ...webManifests.flatMap((feature) => feature.pages.map(guarded)),
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];
