import {
  BULK_EDIT_FIELDS,
  BulkLocationEditBodySchema,
  renderBulkEditValue,
  uploadMessages,
  type BulkEditField,
  type LocationDefaultsOut,
  type SaveLocationDefaultsBody,
  type VariableSource,
} from '@locus/contracts';
import { z } from 'zod';
import { closedWeek, dayLabel, entriesForSave, toTimeText, weekFromEntries, type DayHours, type HoursEntryOut } from '../form/hours';
import type { BulkEditRequest } from '../api/bulk-edit-api';

/** The text fields of a bulk edit: the request's property, the Ignore flag it goes with, its label. */
export const TEXT_FIELDS = [
  { key: 'Title', flag: 'BusinessName', label: 'Business Name' },
  { key: 'PrimaryPhoneNumber', flag: 'PhoneNumber', label: 'Primary Phone Number' },
  { key: 'AdditionalPhoneNumber', flag: 'AdditionalPhoneNumber', label: 'Additional Phone Number' },
  { key: 'StreetAddressLine1', flag: 'Address1', label: 'Address Line 1' },
  { key: 'StreetAddressLine2', flag: 'Address2', label: 'Address Line 2' },
  { key: 'Website', flag: 'Website', label: 'Website Uri' },
] as const satisfies readonly { key: string; flag: BulkEditField; label: string }[];
export const DESCRIPTION_FIELD = { key: 'ProfileDescription', flag: 'BusninessDescription', label: 'Business Description' } as const;

type TextKey = (typeof TEXT_FIELDS)[number]['key'] | typeof DESCRIPTION_FIELD.key;

export interface BulkEditForm {
  selected: string[];
  text: Record<TextKey, string>;
  primaryCategory: string | null;
  additionalCategories: string[];
  /** Localeze's categories, as Localeze names them. */
  localeze: { Id: string; Name: string }[];
  state: string | null;
  week: DayHours[];
  logo: string | null;
  cover: string | null;
  /** Default location media: URLs of uploaded images or of images elsewhere, added to each location's photos. */
  media: string[];
  /** Ignore flags: true leaves the field untouched. Every field starts ignored. */
  ignore: Record<BulkEditField, boolean>;
}

export const initialBulkEditForm = (): BulkEditForm => ({
  selected: [],
  text: { Title: '', PrimaryPhoneNumber: '', AdditionalPhoneNumber: '', StreetAddressLine1: '', StreetAddressLine2: '', Website: '', ProfileDescription: '' },
  primaryCategory: null,
  additionalCategories: [],
  localeze: [],
  state: null,
  week: closedWeek(),
  logo: null,
  cover: null,
  media: [],
  ignore: Object.fromEntries(BULK_EDIT_FIELDS.map((f) => [f, true])) as Record<BulkEditField, boolean>,
});

/** The request the publish button sends (Country always ignored: it is US). */
export const bulkEditRequest = (form: BulkEditForm): BulkEditRequest => ({
  SelectedLocations: form.selected,
  IgnoreBulkLocationFields: { ...form.ignore, Country: true },
  ...form.text,
  PrimaryCategoryId: form.primaryCategory,
  SelectedAdditionalCategories: form.additionalCategories,
  LocaleZeCategoriesDto: form.localeze,
  State: form.state,
  BusinessHours: form.ignore.BusinessHours ? [] : entriesForSave(form.week),
  ProfilePhoto: form.logo,
  CoverPhoto: form.cover,
  LocationDefaultImagesUrl: form.media.map((MediaItemUrl) => ({ MediaItemUrl })),
});

/** The page's schema: its values become the publish request, which the route's own schema checks before anything is sent. */
export const BulkEditFormSchema = z
  .custom<BulkEditForm>((v) => typeof v === 'object' && v !== null)
  .transform(bulkEditRequest)
  .pipe(BulkLocationEditBodySchema);

/** One line of Save as Template's confirmation: a default and what it becomes. */
export interface TemplateChange {
  label: string;
  before: string;
  after: string;
}

export interface TemplateSave {
  /** Only the fields not ignored and not blank; the server keeps every other saved default. */
  body: SaveLocationDefaultsBody;
  /** What will change, field by field (fields whose value is already saved are left out). */
  changes: TemplateChange[];
  /** Fields not ignored but left blank: never saved over a default. */
  blank: string[];
}

export const NOT_SET = '(not set)';
const hoursText = (entries: readonly HoursEntryOut[]): string =>
  entries.length
    ? entries
        .map((e) => `${dayLabel(e.OpenDay)} ${toTimeText(e.OpenTimeHours, e.OpenTimeMinutes)}–${toTimeText(e.CloseTimeHours, e.CloseTimeMinutes)}`)
        .join(', ')
    : NOT_SET;

/**
 * Save as Template: the fields not marked Ignore and not blank become the company's location
 * defaults; everything else stays as saved. Default media are added to the saved images.
 */
export const templateSave = (form: BulkEditForm, saved: LocationDefaultsOut | null, categoryLabel: (name: string) => string): TemplateSave => {
  const body: SaveLocationDefaultsBody = {};
  const changes: TemplateChange[] = [];
  const blank: string[] = [];
  const consider = (flag: BulkEditField, label: string, value: string, before: string, set: () => void, after = value) => {
    if (form.ignore[flag]) return;
    if (!value.trim()) return void blank.push(label);
    set();
    if (after !== before) changes.push({ label, before: before || NOT_SET, after });
  };
  const text = (
    flag: BulkEditField,
    label: string,
    key: 'Title' | 'PrimaryPhoneNumber' | 'StreetAddressLine1' | 'StreetAddressLine2' | 'Website' | 'ProfileDescription',
  ) => consider(flag, label, form.text[key], saved?.[key] ?? '', () => Object.assign(body, { [key]: form.text[key] }));
  text('BusinessName', 'Business Name', 'Title');
  text('PhoneNumber', 'Primary Phone Number', 'PrimaryPhoneNumber');
  const primary = form.primaryCategory ?? '';
  consider(
    'PrimaryCategory',
    'Primary Category',
    primary,
    saved?.PrimaryCategoryId ? categoryLabel(saved.PrimaryCategoryId) : '',
    () => (body.PrimaryCategoryId = primary),
    primary ? categoryLabel(primary) : '',
  );
  const names = (list: readonly string[]) => list.map(categoryLabel).join(', ');
  consider(
    'AdditionalCategories',
    'Additional Categories',
    form.additionalCategories.join(','),
    names(saved?.SelectedAdditionalCategories ?? []),
    () => (body.SelectedAdditionalCategories = form.additionalCategories),
    names(form.additionalCategories),
  );
  text('Address1', 'Address Line 1', 'StreetAddressLine1');
  text('Address2', 'Address Line 2', 'StreetAddressLine2');
  consider('State', 'State/Administrative Area', form.state ?? '', saved?.State ?? '', () => (body.State = form.state));
  text('Website', 'Website Uri', 'Website');
  text('BusninessDescription', 'Business Description', 'ProfileDescription');
  const week = entriesForSave(form.week);
  consider(
    'BusinessHours',
    'Regular Business Hours',
    week.length ? 'open' : '',
    hoursText(saved ? entriesForSave(weekFromEntries(saved.BusinessHours)) : []),
    () => (body.BusinessHours = week),
    hoursText(week),
  );
  if (!form.ignore.LocationDefaultImage) {
    const savedUrls = new Set((saved?.LocationDefaultImagesUrl ?? []).map((i) => i.MediaItemUrl));
    const added = [...new Set(form.media)].filter((url) => url.trim() && !savedUrls.has(url));
    if (!form.media.length) blank.push('Default Location Media');
    else {
      body.AddLocationDefaultImagesUrl = added.map((MediaItemUrl) => ({ MediaItemUrl }));
      if (added.length)
        changes.push({
          label: 'Default Location Media',
          before: imagesText(savedUrls.size),
          after: `${imagesText(savedUrls.size + added.length)} (${mediaCount(added.length)})`,
        });
    }
  }
  return { body, changes, blank };
};

/** Spec §9: a cover must be 16:9 (tolerance 0.0001); the message names its size and ratio. */
export const COVER_RATIO = 16 / 9;
export const coverRatioProblem = (width: number, height: number): string | null => {
  const ratio = width / height;
  return Math.abs(ratio - COVER_RATIO) <= 0.0001 ? null : uploadMessages.coverRatio(width, height, ratio.toFixed(2));
};

export interface SampleValue {
  label: string;
  value: string;
  /** Images the location gets (logo, cover, default media), shown as thumbnails. */
  images?: string[];
}

/** What a location would get: each text field not ignored rendered against it, then the Localeze categories and photos not ignored. */
export const renderedSample = (form: BulkEditForm, sample: VariableSource): SampleValue[] => {
  const values: SampleValue[] = [...TEXT_FIELDS, DESCRIPTION_FIELD]
    .filter((f) => !form.ignore[f.flag])
    .map((f) => ({ label: f.label, value: renderBulkEditValue(form.text[f.key], sample) }));
  if (!form.ignore.LocaleZeCategories) values.push({ label: 'Localeze Categories', value: form.localeze.map((c) => c.Name).join(', ') });
  const photo = (label: string, url: string | null) => ({ label, value: url ? '' : 'none', ...(url ? { images: [url] } : {}) });
  if (!form.ignore.ProfilePhoto) values.push(photo('Location Logo', form.logo));
  if (!form.ignore.CoverPhoto) values.push(photo('Location Cover', form.cover));
  if (!form.ignore.LocationDefaultImage)
    values.push({ label: 'Default Location Media', value: mediaCount(form.media.length), ...(form.media.length ? { images: form.media } : {}) });
  return values;
};

const imagesText = (n: number) => (n === 1 ? '1 image' : `${n} images`);
const mediaCount = (n: number) => (n === 1 ? '1 image added' : `${n} images added`);

/** Chips shown in the selector and how many more are selected (spec: first 5, then "+N more selected"). */
export const chipsOf = <T>(selected: readonly T[], max: number): { shown: T[]; more: number } => ({
  shown: selected.slice(0, max),
  more: Math.max(0, selected.length - max),
});
