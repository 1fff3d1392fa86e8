import { PageHeader } from '@web/shared/ui/page-header';
import { PageSpinner } from '@web/shared/ui/page-spinner';
import { useSignedInUser } from '@web/shared/session/session-context';
import { useProfileQuery } from '../api/profile-api';
import { profileTexts as t } from '../constants';
import { NotificationsCard } from './notifications-card';
import { PasswordResetCard } from './password-reset-card';
import { PersonalInfoCard } from './personal-info-card';

export default function ProfilePage() {
  const { data, error } = useProfileQuery();
  const user = useSignedInUser();
  // mail notifications are about a company's reviews: its admins and users set their own
  const notifies = user.role === 'CompanyAdmin' || user.role === 'CompanyUser';
  return (
    <div className="locus-page">
      <PageHeader title={t.title} />
      <div className="locus-profile-grid">
        {data ? <PersonalInfoCard profile={data} /> : error ? <p className="locus-muted">{t.genericFailure}</p> : <PageSpinner />}
        <PasswordResetCard />
        {notifies ? <NotificationsCard /> : null}
      </div>
    </div>
  );
}
