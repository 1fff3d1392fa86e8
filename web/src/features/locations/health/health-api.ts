import { listingHealthRoute, type ListingHealth } from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { dataQuery } from '@web/shared/lib/api-path';

export type { ListingHealth };

export const healthApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The dashboard's listing-health tile (refreshed by the locations' live updates). */
    listingHealth: build.query<ListingHealth, void>({
      ...dataQuery(listingHealthRoute)(),
      providesTags: [{ type: 'Location', id: LIST }, 'Dashboard'],
    }),
  }),
});

export const { useListingHealthQuery } = healthApi;
