import { ADMINS, EVERYONE, NOBODY, type FeatureContract } from '../feature-contract';
import { locationsRoutes } from './routes';
import { LOCATIONS_COLLECTION, LOCATION_LINK_SOURCES_COLLECTION, LOCATION_USERS_COLLECTION } from './read-models';
import { LOCATION_DEFAULTS_COLLECTION, locationDefaultsRoutes } from './defaults';
import { importEmailRoute } from './email-import';
import { googleChangesRoutes } from './google-changes';
import { bulkEditRoutes } from '../bulk-edit/routes';
import { BULK_EDIT_JOBS_COLLECTION, BULK_EDIT_OUTCOMES_COLLECTION } from '../bulk-edit/read-models';

export const locationsContract = {
  name: 'locations',
  routes: [...locationsRoutes, ...bulkEditRoutes, importEmailRoute, ...locationDefaultsRoutes, ...googleChangesRoutes],
  liveCollections: {
    [LOCATIONS_COLLECTION]: { readers: EVERYONE },
    [LOCATION_USERS_COLLECTION]: { readers: EVERYONE },
    [LOCATION_LINK_SOURCES_COLLECTION]: { readers: NOBODY },
    [BULK_EDIT_JOBS_COLLECTION]: { readers: ADMINS },
    [BULK_EDIT_OUTCOMES_COLLECTION]: { readers: ADMINS },
    [LOCATION_DEFAULTS_COLLECTION]: { readers: ADMINS },
  },
} as const satisfies FeatureContract;
