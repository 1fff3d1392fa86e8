import type { LocationAttributes, UpdateAttributesRequest } from '../api/details-api';

type Flag = LocationAttributes['Flags'][number];

/** Flags grouped as the API lists them (group order of first appearance). */
export const groupFlags = (flags: readonly Flag[]): Array<[string, Flag[]]> => {
  const groups = new Map<string, Flag[]>();
  for (const f of flags) groups.set(f.Group, [...(groups.get(f.Group) ?? []), f]);
  return [...groups.entries()];
};

/**
 * The attributes request names only what the user changed: a flag checked is true; a flag that had
 * a value and is unchecked now is false (the business explicitly lacks it); one never set stays
 * unset. URLs are sent trimmed; an empty one removes it. What was left alone is not sent.
 */
export const attributesBody = (
  loaded: Pick<LocationAttributes, 'Attributes' | 'PlacePageUrls' | 'Flags' | 'UrlFields'>,
  flags: Record<string, boolean>,
  urls: Record<string, string>,
): UpdateAttributesRequest => {
  const Attributes: Record<string, boolean> = {};
  for (const f of loaded.Flags) {
    const now = flags[f.Key] === true ? true : f.Key in loaded.Attributes ? false : undefined;
    if (now !== undefined && now !== loaded.Attributes[f.Key]) Attributes[f.Key] = now;
  }
  const PlacePageUrls: Record<string, string> = {};
  for (const f of loaded.UrlFields) {
    const now = (urls[f.Key] ?? '').trim();
    if (now !== (loaded.PlacePageUrls[f.Key] ?? '')) PlacePageUrls[f.Key] = now;
  }
  return { Attributes, PlacePageUrls } as UpdateAttributesRequest;
};
