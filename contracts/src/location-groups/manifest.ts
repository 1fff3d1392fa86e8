import { ADMINS, EVERYONE, type FeatureContract } from '../feature-contract';
import { locationGroupsRoutes } from './routes';
import { LOCATION_GROUP_ACCESS_COLLECTION, LOCATION_GROUPS_COLLECTION } from './read-models';

export const locationGroupsContract = {
  name: 'location-groups',
  routes: locationGroupsRoutes,
  liveCollections: {
    [LOCATION_GROUPS_COLLECTION]: { readers: ADMINS },
    // a company user's own screens refresh when a group gives or takes a location
    [LOCATION_GROUP_ACCESS_COLLECTION]: { readers: EVERYONE },
  },
} as const satisfies FeatureContract;
