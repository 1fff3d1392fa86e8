import { useEffect, useRef } from 'react';
import { useLocationMediaQuery, useRefreshContentMutation } from '../../api/content-api';

/**
 * A published location opened for the first time has no media, posts or questions loaded yet:
 * ask once for them (and whatever else refreshes per location); they arrive live.
 */
export function useContentFirstLoad(locationId: string, published: boolean) {
  const { data } = useLocationMediaQuery(locationId, { skip: !published });
  const [refresh] = useRefreshContentMutation();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!published || !data || data.RefreshedAt !== null || asked.current === locationId) return;
    asked.current = locationId;
    void refresh(locationId);
  }, [published, data, locationId, refresh]);
}
