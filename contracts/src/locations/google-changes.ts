import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import { GOOGLE_CHANGE_FIELDS, GoogleChangeFieldSchema, type GoogleChangeField, type LocationProfile } from './events';
import { DAYS_OF_WEEK, type HoursPeriod } from './hours';

/**
 * Google's own changes to a profile (`locations.getGoogleUpdated`): which Locus fields each
 * Google field path covers, how a value reads on screen, and the route that decides them.
 */
export interface GoogleChangeFieldInfo {
  label: string;
  /** Google's update-mask path for the field (also what a diffMask entry names). */
  googlePath: string;
  /** The profile fields it covers (none for the hours). */
  profileKeys: readonly (keyof LocationProfile)[];
}

export const GOOGLE_CHANGE_FIELD_INFO: Record<GoogleChangeField, GoogleChangeFieldInfo> = {
  Title: { label: 'Business Name', googlePath: 'title', profileKeys: ['Title'] },
  Phone: { label: 'Phone Numbers', googlePath: 'phoneNumbers', profileKeys: ['PrimaryPhoneNumber', 'AdditionalPhoneNumbers'] },
  Website: { label: 'Website', googlePath: 'websiteUri', profileKeys: ['Website'] },
  Address: {
    label: 'Address',
    googlePath: 'storefrontAddress',
    profileKeys: ['StreetAddressLine1', 'StreetAddressLine2', 'Town', 'State', 'PostCode', 'Region'],
  },
  Categories: { label: 'Categories', googlePath: 'categories', profileKeys: ['PrimaryCategory', 'AdditionalCategories'] },
  Description: { label: 'Business Description', googlePath: 'profile.description', profileKeys: ['ProfileDescription'] },
  OpeningDate: { label: 'Opening Date', googlePath: 'openInfo.openingDate', profileKeys: ['OpeningDate'] },
  MapPin: { label: 'Map Pin (Latitude/Longitude)', googlePath: 'latlng', profileKeys: ['Latitude', 'Longitude'] },
  Hours: { label: 'Regular Business Hours', googlePath: 'regularHours', profileKeys: [] },
};

/** The Locus fields a diffMask names: a path names a field when one of the two contains the other. */
export function googleChangeFieldsOf(diffMask: string): GoogleChangeField[] {
  const paths = diffMask
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const covers = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
  return GOOGLE_CHANGE_FIELDS.filter((f) => paths.some((p) => covers(p, GOOGLE_CHANGE_FIELD_INFO[f].googlePath)));
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayName = (d: string) => d.charAt(0) + d.slice(1).toLowerCase();

/** "Monday 09:00–17:00; Tuesday …", Monday first. */
export function hoursText(hours: readonly HoursPeriod[]): string {
  if (!hours.length) return 'No hours';
  const order = (d: string) => DAYS_OF_WEEK.indexOf(d as (typeof DAYS_OF_WEEK)[number]);
  return [...hours]
    .sort((a, b) => order(a.openDay) - order(b.openDay) || a.openTime.hours * 60 + a.openTime.minutes - (b.openTime.hours * 60 + b.openTime.minutes))
    .map((p) => `${dayName(p.openDay)} ${pad(p.openTime.hours)}:${pad(p.openTime.minutes)}–${pad(p.closeTime.hours)}:${pad(p.closeTime.minutes)}`)
    .join('; ');
}

/** A field's value as the diff shows it. */
export function googleChangeText(field: GoogleChangeField, profile: Partial<LocationProfile>, hours: readonly HoursPeriod[] = []): string {
  const join = (parts: (string | null | undefined)[], sep = ', ') => parts.filter((x) => !!x && String(x).trim()).join(sep);
  switch (field) {
    case 'Title':
      return profile.Title ?? '';
    case 'Phone':
      return join([profile.PrimaryPhoneNumber, ...(profile.AdditionalPhoneNumbers ?? [])]);
    case 'Website':
      return profile.Website ?? '';
    case 'Address':
      return join([profile.StreetAddressLine1, profile.StreetAddressLine2, profile.Town, join([profile.State, profile.PostCode], ' ')]);
    case 'Categories':
      return join([profile.PrimaryCategory?.DisplayName, ...(profile.AdditionalCategories ?? []).map((c) => c.DisplayName)]);
    case 'Description':
      return profile.ProfileDescription ?? '';
    case 'OpeningDate':
      return profile.OpeningDate ?? '';
    case 'MapPin':
      return profile.Latitude === null || profile.Latitude === undefined ? '' : `${profile.Latitude}, ${profile.Longitude}`;
    case 'Hours':
      return hoursText(hours);
    default: {
      const unhandled: never = field;
      return unhandled;
    }
  }
}

export const googleChangesMessages = {
  resolved: 'Your choices were saved and sent to Google.',
  pending: 'Your choices were saved; Google has not answered yet.',
  noneChosen: 'Choose at least one field to accept or keep',
  both: 'A field cannot be both accepted and kept',
} as const;

// ---------- route ----------

const fieldList = (name: string) =>
  z
    .array(GoogleChangeFieldSchema, { error: `${name} must be a list of fields` })
    .max(GOOGLE_CHANGE_FIELDS.length)
    .default([])
    .transform((v) => [...new Set(v)]);

export const ResolveGoogleChangesBodySchema = z
  .object({
    /** Fields whose Google value becomes Locus's. */
    Accept: fieldList('Accept'),
    /** Fields whose Locus value is sent back to Google. */
    Keep: fieldList('Keep'),
  })
  .superRefine((b, ctx) => {
    if (!b.Accept.length && !b.Keep.length) ctx.addIssue({ code: 'custom', path: ['Accept'], message: googleChangesMessages.noneChosen });
    if (b.Accept.some((f) => b.Keep.includes(f))) ctx.addIssue({ code: 'custom', path: ['Keep'], message: googleChangesMessages.both });
  });
export type ResolveGoogleChangesBody = z.infer<typeof ResolveGoogleChangesBodySchema>;

export const ResolveGoogleChangesAnswerSchema = z.object({
  Success: z.literal(true),
  ResponseMessage: z.string(),
  Data: z.object({ Accepted: z.array(GoogleChangeFieldSchema), Kept: z.array(GoogleChangeFieldSchema), Pending: z.boolean() }),
});

/** One field Google changed, as the details page's diff shows it. */
export const GoogleChangeViewSchema = z.object({ Field: GoogleChangeFieldSchema, Label: z.string(), Google: z.string(), Locus: z.string() });
export type GoogleChangeView = z.infer<typeof GoogleChangeViewSchema>;

export const resolveGoogleChangesRoute = defineRoute({
  name: 'locations.googleChanges.resolve',
  method: 'POST',
  path: '/api/gmb/:id/google-changes',
  kind: 'command',
  roles: ['CompanyAdmin', 'CompanyUser'],
  summary: "Accept Google's values or keep Locus's, per field Google changed",
  description:
    "For each field Google changed on the profile: `Accept` makes Google's value Locus's, `Keep` sends Locus's value back to Google. " +
    'Both are pushed with an updateMask of exactly those fields; the answer waits (bounded) for Google and says whether it answered.',
  request: { params: z.object({ id: z.string().trim().min(1, 'id is required').max(100, 'id is too long') }), body: ResolveGoogleChangesBodySchema },
  response: ResolveGoogleChangesAnswerSchema,
  tenantParams: ['id'],
  location: { param: 'id', needs: 'owner' },
});

export const googleChangesRoutes = [resolveGoogleChangesRoute];
