import { Button, Menu, MenuItem, Popover, Spinner, SpinnerSize } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { useSelector } from 'react-redux';
import { CompanyContext } from '@web/features/companies/components/company-context';
import { logout } from '@web/shared/session/session-actions';
import { useSignedInUser } from '@web/shared/session/session-context';
import type { RootState } from '../store';
import { Avatar } from '@web/shared/ui/avatar';

const anythingLoading = (state: RootState): boolean => {
  const { queries, mutations } = state.api;
  return Object.values(queries).some((q) => q?.status === 'pending') || Object.values(mutations).some((m) => m?.status === 'pending');
};

export const TopBar = ({ onToggleSidebar, onOpenProfilePanel }: { onToggleSidebar: () => void; onOpenProfilePanel: () => void }) => {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const busy = useSelector(anythingLoading);

  return (
    <header className="locus-topbar">
      <Button icon="menu" variant="minimal" onClick={onToggleSidebar} aria-label="Toggle menu" />
      <span className="locus-welcome">Welcome, {user.fullName}</span>
      <CompanyContext />
      <div className="locus-toolbar-spacer" />
      {busy ? <Spinner size={SpinnerSize.SMALL} className="locus-topbar-spinner" aria-label="Loading" /> : null}
      <Button icon="id-number" variant="minimal" onClick={onOpenProfilePanel} aria-label="Open profile panel" />
      <Popover
        placement="bottom-end"
        content={
          <Menu>
            <MenuItem icon="person" text="Profile" onClick={() => navigate('/profile')} />
            <MenuItem icon="log-out" text="Logout" onClick={() => void logout()} />
          </Menu>
        }
      >
        {/* named by its content (the person, then hidden text), so the visible initials stay part of the name */}
        <button type="button" className="locus-avatar-button">
          <Avatar name={user.fullName} url={user.profileImgUrl} size={32} />
          <span className="locus-visually-hidden">Account menu</span>
        </button>
      </Popover>
    </header>
  );
};
