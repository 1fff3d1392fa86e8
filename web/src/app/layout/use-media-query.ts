import { useSyncExternalStore } from 'react';

export const useMediaQuery = (query: string): boolean =>
  useSyncExternalStore(
    (notify) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', notify);
      return () => mql.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );

/** Spec part 1 §9: desktop is over 991 px. */
export const DESKTOP_QUERY = '(min-width: 992px)';
export const SIDEBAR_HOVER_OUT_DELAY_MS = 300;
export const SUBMENU_ANIMATION_MS = 400;
