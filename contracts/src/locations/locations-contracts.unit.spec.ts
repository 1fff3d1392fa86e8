import { describe, expect, it } from 'vitest';
import { FilteringDataSchema } from './directory-dto';
import { CreateLocationBodySchema, missingPublishFields, RegularHoursBodySchema, UpdateLocationBodySchema } from './edit-dto';
import { inFormTerms } from './google-fields';
import { toBusinessHoursEntries, toHoursPeriods } from './hours';

const valid = {
  AccountId: 'acc',
  Title: 'T',
  PrimaryPhoneNumber: '(303) 555-0100',
  Region: 'US',
  Latitude: 39.7,
  Longitude: -104.9,
  PrimaryCategoryId: 'gcid:dentist',
  StreetAddressLine1: '1600 Glenarm Pl',
  State: 'CO',
  Town: 'Denver',
  PostCode: '80202',
  OpeningDate: '2020-05-01',
};

/** Field → its messages joined (one message per field expected). */
const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) {
    const k = i.path.join('.');
    out[k] = out[k] ? `${out[k]} | ${i.message}` : i.message;
  }
  return out;
};

describe('locations contracts', () => {
  it('applies the Create Location enabling rule with the spec messages', () => {
    const r = CreateLocationBodySchema.safeParse({
      Location: { AccountId: '', Title: ' ', PrimaryPhoneNumber: '', Region: 'CA', PrimaryCategoryId: '', Latitude: '', Longitude: null },
    });
    expect(fieldsOf(r)).toMatchObject({
      'Location.AccountId': 'Account is required',
      'Location.Title': 'Title is required',
      'Location.PrimaryPhoneNumber': 'Primary phone number is required',
      'Location.Region': 'Country must be US',
      'Location.Latitude': 'Latitude is required',
      'Location.Longitude': 'Longitude is required',
      'Location.PrimaryCategoryId': 'Primary category is required',
    });
  });

  it('asks at create for what Google needs: address line, city, state, ZIP and opening date, each named as the form names it', () => {
    const r = CreateLocationBodySchema.safeParse({
      Location: { ...valid, StreetAddressLine1: ' ', State: '', Town: undefined, PostCode: '', OpeningDate: null },
    });
    expect(fieldsOf(r)).toEqual({
      'Location.StreetAddressLine1': 'Address Line 1 is required',
      'Location.State': 'State is required',
      'Location.Town': 'City is required',
      'Location.PostCode': 'Postal Code is required',
      'Location.OpeningDate': 'Opening Date is required',
    });
    expect(missingPublishFields({ StreetAddressLine1: '1 Main St', State: 'CO', Town: '', PostCode: '80202', OpeningDate: null })).toEqual([
      { field: 'Town', message: 'City is required' },
      { field: 'OpeningDate', message: 'Opening Date is required' },
    ]);
  });

  it("speaks of Google's field paths by the form's field names", () => {
    expect(
      inFormTerms(
        'Google rejected location "A": storefrontAddress.addressLines: At least one address line is required.; storefrontAddress.postalCode: "1" is not a valid US ZIP code.',
      ),
    ).toBe('Google rejected location "A": Address Line 1: At least one address line is required.; Postal Code: "1" is not a valid US ZIP code.');
    expect(inFormTerms('title: too long; openInfo.openingDate: in the future; storefrontAddress.addressLines[1]: PO box')).toBe(
      'Business Name (Title): too long; Opening Date: in the future; Address Line 2: PO box',
    );
    expect(inFormTerms('additional categories and the title stay prose')).toBe('additional categories and the title stay prose');
  });

  it('normalises create input: categories, empty email to null, blank phone rows dropped', () => {
    const r = CreateLocationBodySchema.parse({
      Location: {
        ...valid,
        PrimaryEmail: ' ',
        AdditionalPhoneNumbers: ['', ' (303) 555-0101 '],
        SelectedAdditionalCategories: [{ Name: 'gcid:cafe' }, 'categories/gcid:cafe'],
      },
    });
    expect(r.Location).toMatchObject({
      PrimaryCategoryId: 'categories/gcid:dentist',
      PrimaryEmail: null,
      AdditionalPhoneNumbers: ['(303) 555-0101'],
      SelectedAdditionalCategories: ['categories/gcid:cafe'],
      State: 'CO',
      OpeningDate: '2020-05-01',
    });
    expect(fieldsOf(CreateLocationBodySchema.safeParse({ Location: { ...valid, ProfileDescription: 'x'.repeat(751) } }))).toEqual({
      'Location.ProfileDescription': 'Description must be at most 750 characters',
    });
    expect(fieldsOf(CreateLocationBodySchema.safeParse({ Location: { ...valid, PrimaryPhoneNumber: '12' } }))['Location.PrimaryPhoneNumber']).toMatch(
      /valid US phone/,
    );
    expect(fieldsOf(CreateLocationBodySchema.safeParse({ Location: { ...valid, Latitude: '91' } }))).toEqual({
      'Location.Latitude': 'Latitude must be between -90 and 90',
    });
    expect(CreateLocationBodySchema.parse({ Location: { ...valid, Latitude: '39.5' } }).Location.Latitude).toBe(39.5);
  });

  it('keeps only open days in half-hour steps, and gives the week back Monday first', () => {
    const body = RegularHoursBodySchema.parse({
      Periods: [
        { OpenDay: 'tuesday', OpenTimeHours: 9, OpenTimeMinutes: 30, CloseTimeHours: 17, CloseTimeMinutes: 0 },
        { OpenDay: 1, OpenTimeHours: 8, CloseTimeHours: 12 },
        { OpenDay: 'Sunday', IsOpen: false },
      ],
    });
    const periods = toHoursPeriods(body.Periods);
    expect(periods.map((p) => p.openDay)).toEqual(['MONDAY', 'TUESDAY']);
    const week = toBusinessHoursEntries(periods);
    expect(week.map((d) => [d.OpenDay, d.IsOpen])).toEqual([
      ['MONDAY', true],
      ['TUESDAY', true],
      ['WEDNESDAY', false],
      ['THURSDAY', false],
      ['FRIDAY', false],
      ['SATURDAY', false],
      ['SUNDAY', false],
    ]);
    expect(fieldsOf(RegularHoursBodySchema.safeParse({ Periods: [{ OpenDay: 'MONDAY', OpenTimeHours: 9, OpenTimeMinutes: 15, CloseTimeHours: 10 }] }))).toEqual(
      {
        'Periods.0.OpenTimeMinutes': 'OpenTimeMinutes must be 0 or 30 (half-hour steps)',
      },
    );
    expect(fieldsOf(RegularHoursBodySchema.safeParse({ Periods: [{ OpenDay: 'MONDAY', OpenTimeHours: 17, CloseTimeHours: 9 }] }))).toEqual({
      'Periods.0.CloseTimeHours': 'Close time must be after open time',
    });
    expect(fieldsOf(RegularHoursBodySchema.safeParse({ Periods: [{ OpenDay: 'Funday' }] }))['Periods.0.OpenDay']).toMatch(/day of the week/);
  });

  it('edits only the fields sent; keywords trimmed without duplicates', () => {
    const r = UpdateLocationBodySchema.parse({ Location: { LocaleZeKeyWords: [' dentist', 'Dentist', '', 'braces'], PrimaryEmail: '' } }) as Record<
      string,
      unknown
    >;
    expect(r).toEqual({ LocaleZeKeyWords: ['dentist', 'braces'], PrimaryEmail: null });
  });

  it('defaults the directory request to the first 25 by StoreCode ascending', () => {
    expect(FilteringDataSchema.parse({})).toEqual({
      first: 0,
      rows: 25,
      sortField: 'StoreCode',
      sortOrder: 1,
      globalFilter: '',
      State: '',
      City: '',
      Zip: '',
      GroupId: '',
      GoogleChanged: false,
    });
    expect(FilteringDataSchema.parse({ sortField: 'LastSyncDate', sortOrder: -1, globalFilter: null, filters: {} })).toMatchObject({
      sortField: 'LastSyncDate',
      sortOrder: -1,
      globalFilter: '',
    });
    expect(FilteringDataSchema.safeParse({ sortField: 'Rating' }).success).toBe(false);
  });
});
