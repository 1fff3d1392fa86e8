import { ADMINISTRATOR, ADMINS, type FeatureContract } from '../feature-contract';
import { settingsRoutes } from './routes';
import { ADMIN_VARIABLES_COLLECTION, COMPANY_ADMIN_VARIABLE_VALUES_COLLECTION, COMPANY_VARIABLES_COLLECTION } from './read-models';

export const settingsContract = {
  name: 'settings',
  routes: settingsRoutes,
  liveCollections: {
    [COMPANY_VARIABLES_COLLECTION]: { readers: ADMINS },
    [ADMIN_VARIABLES_COLLECTION]: { readers: ADMINISTRATOR },
    [COMPANY_ADMIN_VARIABLE_VALUES_COLLECTION]: { readers: ADMINS },
  },
} as const satisfies FeatureContract;
