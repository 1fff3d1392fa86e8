import { GOOGLE_CHANGE_FIELD_INFO, googleChangeFieldsOf, googleChangeText, type GoogleChanges, type HoursPeriod, type LocationProfile } from '@locus/contracts';
import type { GoogleLocation } from '../google/types';
import { hoursFromGoogle, profileFromGoogle } from './google-mapping';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The same opening hours, in whatever order the periods come (Google's order and the form's differ). */
export const sameHours = (a: readonly HoursPeriod[], b: readonly HoursPeriod[]) => {
  const key = (hours: readonly HoursPeriod[]) =>
    hours
      .map((p) => JSON.stringify([p.openDay, p.openTime.hours, p.openTime.minutes, p.closeDay, p.closeTime.hours, p.closeTime.minutes]))
      .sort()
      .join();
  return key(a) === key(b);
};

/**
 * What Google shows (`getGoogleUpdated`'s location and diffMask) that differs from Locus's
 * profile and hours, per Locus field. A field the mask names whose value Locus already holds is
 * left out (a Locus edit Google has not shown yet), and so are paths Locus does not keep.
 */
export function googleChangesFrom(updated: GoogleLocation, diffMask: string, profile: LocationProfile, hours: readonly HoursPeriod[]): GoogleChanges {
  const googleProfile = profileFromGoogle(updated, profile);
  const changes: GoogleChanges = {};
  for (const field of googleChangeFieldsOf(diffMask)) {
    if (field === 'Hours') {
      if (!updated.regularHours) continue;
      const googleHours = hoursFromGoogle(updated);
      if (!sameHours(googleHours, hours)) changes.Hours = { profile: {}, hours: googleHours, text: googleChangeText('Hours', {}, googleHours) };
      continue;
    }
    const keys = GOOGLE_CHANGE_FIELD_INFO[field].profileKeys;
    if (keys.every((k) => same(googleProfile[k], profile[k]))) continue;
    const picked = Object.fromEntries(keys.map((k) => [k, googleProfile[k]])) as Partial<LocationProfile>;
    changes[field] = { profile: picked, text: googleChangeText(field, picked) };
  }
  return changes;
}

export const sameGoogleChanges = (a: GoogleChanges, b: GoogleChanges) => {
  const norm = (c: GoogleChanges) => JSON.stringify(Object.entries(c).sort(([x], [y]) => x.localeCompare(y)));
  return norm(a) === norm(b);
};

/** The update mask of the Google fields of the chosen Locus fields. */
export const googleChangesMask = (fields: readonly string[]): string[] => [
  ...new Set(fields.map((f) => GOOGLE_CHANGE_FIELD_INFO[f as keyof typeof GOOGLE_CHANGE_FIELD_INFO]?.googlePath).filter((p): p is string => !!p)),
];
