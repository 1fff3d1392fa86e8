import { Breadcrumb as BreadcrumbItem, Classes, Drawer, DrawerSize, type BreadcrumbProps } from '@blueprintjs/core';
import { Suspense, useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { endSessionAndGoToLogin } from '@web/shared/session/session-actions';
import { useCurrentUser, useSignedInUser } from '@web/shared/session/session-context';
import { PageSpinner } from '@web/shared/ui/page-spinner';
import { startLiveUpdates } from '../live/live-bridge';
import type { AppDispatch } from '../store';
import { breadcrumbLabels } from './navigation';
import { ProfilePanel } from './profile-panel';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';

export interface RouteHandle {
  title?: string;
}

const Breadcrumb = () => {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const title = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  const labels = breadcrumbLabels(user.role, pathname, title);
  const items: BreadcrumbProps[] = [{ icon: 'home', text: 'Home', onClick: () => navigate('/') }, ...labels.map((text) => ({ text }))];
  // Blueprint's Breadcrumbs puts an overflow spacer div inside the <ol>; a plain list keeps its look and valid markup
  return (
    <nav aria-label="Breadcrumb">
      <ol className={`${Classes.OVERFLOW_LIST} ${Classes.BREADCRUMBS} locus-breadcrumb`}>
        {items.map((item, i) => (
          <li key={i}>
            <BreadcrumbItem {...item} current={i === items.length - 1} />
          </li>
        ))}
      </ol>
    </nav>
  );
};

/** Sidebar, top bar, breadcrumb and content for signed-in users; the live channel runs meanwhile. */
const Shell = () => {
  const user = useSignedInUser();
  const dispatch = useDispatch<AppDispatch>();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);

  useEffect(() => {
    const client = startLiveUpdates(dispatch);
    return () => client.stop();
  }, [dispatch]);
  useEffect(() => {
    if (desktop) setMobileOpen(false);
  }, [desktop]);
  // an idle page leaves when the token expires, not only at its next call
  useEffect(() => {
    if (user.expiresAt === null) return;
    const ms = user.expiresAt * 1000 - Date.now();
    if (ms > 2 ** 31 - 1) return; // beyond setTimeout's range; the next call checks anyway
    const timer = setTimeout(endSessionAndGoToLogin, Math.max(0, ms));
    return () => clearTimeout(timer);
  }, [user.expiresAt]);

  return (
    <div className={`locus-shell${desktop ? '' : ' is-mobile'}`}>
      <a className="locus-skip-link" href="#main-content">
        Skip to main content
      </a>
      {desktop ? (
        <Sidebar role={user.role} collapsed={collapsed} />
      ) : (
        <Drawer isOpen={mobileOpen} onClose={() => setMobileOpen(false)} position="left" size={DrawerSize.SMALL} className="locus-mobile-menu">
          <Sidebar role={user.role} collapsed={false} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      )}
      <div className="locus-main">
        <TopBar onToggleSidebar={() => (desktop ? setCollapsed((c) => !c) : setMobileOpen(true))} onOpenProfilePanel={() => setPanelOpen(true)} />
        <Breadcrumb />
        <main className="locus-content" id="main-content" tabIndex={-1}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <ProfilePanel isOpen={panelOpen} onClose={() => setPanelOpen(false)} />
    </div>
  );
};

/** Signed-out visitors see only the routed page. */
export const AppLayout = () => {
  const user = useCurrentUser();
  return user ? (
    <Shell />
  ) : (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
};
