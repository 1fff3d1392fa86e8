import { EVERYONE, type FeatureContract } from '../feature-contract';
import { insightsRoutes } from './routes';
import {
  COMPANY_METRICS_COLLECTION,
  DASHBOARD_COMPANIES_COLLECTION,
  DASHBOARD_LOCATIONS_COLLECTION,
  LOCATION_KEYWORDS_COLLECTION,
  LOCATION_METRICS_COLLECTION,
} from './read-models';

export const insightsContract = {
  name: 'insights',
  routes: insightsRoutes,
  liveCollections: {
    [LOCATION_METRICS_COLLECTION]: { readers: EVERYONE },
    [COMPANY_METRICS_COLLECTION]: { readers: EVERYONE },
    [LOCATION_KEYWORDS_COLLECTION]: { readers: EVERYONE },
    [DASHBOARD_LOCATIONS_COLLECTION]: { readers: EVERYONE },
    [DASHBOARD_COMPANIES_COLLECTION]: { readers: EVERYONE },
  },
} as const satisfies FeatureContract;
