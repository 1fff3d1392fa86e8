import { useSignedInUser } from '@web/shared/session/session-context';
import { PageHeader } from '@web/shared/ui/page-header';
import { locationTexts as t } from './constants';
import { LocationDirectory } from './location-directory';

/** /locations (CompanyAdmin, CompanyUser): the company's location directory. */
export default function LocationsPage() {
  const user = useSignedInUser();
  return (
    <div className="locus-page">
      <PageHeader title={t.title} />
      <LocationDirectory companyId={user.companyId ?? ''} />
    </div>
  );
}
