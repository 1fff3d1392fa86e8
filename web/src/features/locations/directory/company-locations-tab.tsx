import { LocationDirectory } from './location-directory';

/** Company Location(s) tab of the administrator's Update Company dialog. */
export const CompanyLocationsTab = ({ companyId }: { companyId: string }) => <LocationDirectory companyId={companyId} embedded />;
