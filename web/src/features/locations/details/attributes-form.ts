import type { LocationAttributes, UpdateAttributesRequest } from '../api/details-api';

type Flag = LocationAttributes['Flags'][number];

/** Flags grouped as the API lists them (group order of first appearance). */
export const groupFlags = (flags: readonly Flag[]): Array<[string, Flag[]]> => {
  const groups = new Map<string, Flag[]>();
  for (const f of flags) groups.set(f.Group, [...(groups.get(f.Group) ?? []), f]);
  return [...groups.entries()];
};

/**
 * The attributes request replaces the set: a checked flag is true; an unchecked flag that had a
 * value is sent as false (the business explicitly lacks it); one never set stays unset. URLs are
 * sent trimmed; an empty one removes it.
 */
export const attributesBody = (
  loaded: Pick<LocationAttributes, 'Attributes' | 'Flags' | 'UrlFields'>,
  flags: Record<string, boolean>,
  urls: Record<string, string>,
): UpdateAttributesRequest => {
  const Attributes: Record<string, boolean> = {};
  for (const f of loaded.Flags) {
    if (flags[f.Key] === true) Attributes[f.Key] = true;
    else if (f.Key in loaded.Attributes) Attributes[f.Key] = false;
  }
  const PlacePageUrls: Record<string, string> = {};
  for (const f of loaded.UrlFields) PlacePageUrls[f.Key] = (urls[f.Key] ?? '').trim();
  return { Attributes, PlacePageUrls } as UpdateAttributesRequest;
};
