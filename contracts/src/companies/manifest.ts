import { ADMINISTRATOR, EVERYONE, type FeatureContract } from '../feature-contract';
import { companiesRoutes } from './routes';
import { COMPANIES_COLLECTION, COMPANY_DIRECTORY_COLLECTION } from './read-models';

export const companiesContract = {
  name: 'companies',
  routes: companiesRoutes,
  liveCollections: {
    [COMPANIES_COLLECTION]: { readers: EVERYONE },
    [COMPANY_DIRECTORY_COLLECTION]: { readers: ADMINISTRATOR },
  },
} as const satisfies FeatureContract;
