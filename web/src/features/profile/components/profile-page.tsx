import { PageHeader } from '@web/shared/ui/page-header';
import { PageSpinner } from '@web/shared/ui/page-spinner';
import { useProfileQuery } from '../api/profile-api';
import { profileTexts as t } from '../constants';
import { PasswordResetCard } from './password-reset-card';
import { PersonalInfoCard } from './personal-info-card';

export default function ProfilePage() {
  const { data, error } = useProfileQuery();
  return (
    <div className="locus-page">
      <PageHeader title={t.title} />
      <div className="locus-profile-grid">
        {data ? <PersonalInfoCard profile={data} /> : error ? <p className="locus-muted">{t.genericFailure}</p> : <PageSpinner />}
        <PasswordResetCard />
      </div>
    </div>
  );
}
