import { Collapse, Icon } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { Role } from '@locus/contracts';
import { navigationFor, type NavItem } from './navigation';
import { SIDEBAR_HOVER_OUT_DELAY_MS, SUBMENU_ANIMATION_MS } from './use-media-query';

const linkClass = ({ isActive }: { isActive: boolean }) => `locus-nav-link${isActive ? ' is-active' : ''}`;

const Group = ({ item, compact, onNavigate }: { item: NavItem; compact: boolean; onNavigate?: () => void }) => {
  const { pathname } = useLocation();
  const containsActive = (item.children ?? []).some((c) => c.path && pathname.startsWith(c.path));
  const [open, setOpen] = useState(containsActive);
  useEffect(() => {
    if (containsActive) setOpen(true);
  }, [containsActive]);
  return (
    <li>
      <button
        type="button"
        className={`locus-nav-link locus-nav-group${containsActive ? ' is-within' : ''}`}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        title={item.label}
      >
        <Icon icon={item.icon} />
        {compact ? null : (
          <>
            <span className="locus-nav-label">{item.label}</span>
            <Icon icon={open ? 'chevron-up' : 'chevron-down'} className="locus-nav-caret" />
          </>
        )}
      </button>
      <Collapse isOpen={open && !compact} transitionDuration={SUBMENU_ANIMATION_MS}>
        <ul className="locus-nav-sub">
          {(item.children ?? []).map((child) => (
            <li key={child.path}>
              <NavLink to={child.path ?? '#'} className={linkClass} onClick={onNavigate}>
                <Icon icon={child.icon} />
                <span className="locus-nav-label">{child.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </Collapse>
    </li>
  );
};

/**
 * The role's menu. Collapsed on desktop it shows icons only and opens while hovered,
 * closing again 300 ms after the pointer leaves.
 */
export const Sidebar = ({ role, collapsed, onNavigate }: { role: Role; collapsed: boolean; onNavigate?: () => void }) => {
  const [hovered, setHovered] = useState(false);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (leaveTimer.current && clearTimeout(leaveTimer.current)), []);
  const compact = collapsed && !hovered;

  return (
    <nav
      className={`locus-sidebar${compact ? ' is-compact' : ''}`}
      aria-label="Main menu"
      onMouseEnter={() => {
        if (leaveTimer.current) clearTimeout(leaveTimer.current);
        if (collapsed) setHovered(true);
      }}
      onMouseLeave={() => {
        leaveTimer.current = setTimeout(() => setHovered(false), SIDEBAR_HOVER_OUT_DELAY_MS);
      }}
    >
      <div className="locus-sidebar-brand">
        <Icon icon="map-marker" size={20} />
        {compact ? null : <span>Locus</span>}
      </div>
      <ul className="locus-nav">
        {navigationFor(role).map((item) =>
          item.children ? (
            <Group key={item.label} item={item} compact={compact} onNavigate={onNavigate} />
          ) : (
            <li key={item.path}>
              <NavLink to={item.path ?? '#'} className={linkClass} onClick={onNavigate} title={item.label}>
                <Icon icon={item.icon} />
                {compact ? null : <span className="locus-nav-label">{item.label}</span>}
              </NavLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
};
