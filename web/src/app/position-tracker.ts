/**
 * Remembers the highest event-store position a command reported (`X-Position`), so queries can
 * ask the query side to catch up to it (`X-Min-Position`) and users see their own writes.
 */
export interface PositionTracker {
  current(): number;
  record(position: number): void;
}

const STORAGE_KEY = 'locus.position';

export const parsePositionHeader = (value: string | null | undefined): number | null => {
  if (!value) return null;
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) ? n : null;
};

/** Kept in session storage so it survives the reloads that start a new session. */
export const createPositionTracker = (store: Pick<Storage, 'getItem' | 'setItem'> | null): PositionTracker => {
  let position = parsePositionHeader(store?.getItem(STORAGE_KEY)) ?? 0;
  return {
    current: () => position,
    record(next) {
      if (next > position) {
        position = next;
        store?.setItem(STORAGE_KEY, String(next));
      }
    },
  };
};
