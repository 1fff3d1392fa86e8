import { Button, Drawer, DrawerSize, H4 } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { roleNames } from '@locus/contracts';
import { useSignedInUser } from '@web/shared/session/session-context';
import { Avatar } from '@web/shared/ui/avatar';

/** Right-side panel: who is signed in, in which company, with a link to the profile page. */
export const ProfilePanel = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const user = useSignedInUser();
  const navigate = useNavigate();
  return (
    <Drawer isOpen={isOpen} onClose={onClose} position="right" size={DrawerSize.SMALL} title="Profile">
      <div className="locus-profile-panel">
        <Avatar name={user.fullName} url={user.profileImgUrl} size={72} />
        <H4>{user.fullName}</H4>
        <dl>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Role</dt>
          <dd>{roleNames[user.role]}</dd>
          {user.companyName ? (
            <>
              <dt>Company</dt>
              <dd>{user.companyName}</dd>
            </>
          ) : null}
          {user.viewingAsAdmin ? (
            <>
              <dt>Access</dt>
              <dd>Viewing as administrator</dd>
            </>
          ) : null}
        </dl>
        <Button
          icon="person"
          text="Open Profile"
          onClick={() => {
            onClose();
            navigate('/profile');
          }}
        />
      </div>
    </Drawer>
  );
};
