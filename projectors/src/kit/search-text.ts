/** Search text is the lower-cased keys joined by a separator no key holds. */
const SEP = '\u0001';
export const lower = (s: string | null | undefined) => (s ?? '').toLowerCase();
export const joinSearchText = (keys: readonly (string | null | undefined)[]) => keys.map(lower).join(SEP);
