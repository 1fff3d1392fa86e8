import { describe, expect, it } from 'vitest';
import { CreateLocationBodySchema, FilteringDataSchema } from '@locus/contracts';
import { setDayOpen } from '../form/hours';
import {
  canAddPhoneRow,
  canCreateLocation,
  canRemovePhoneRow,
  CreateLocationFormSchema,
  createLocationBody,
  emptyCreateLocationForm,
  removePhoneRow,
  type CreateLocationForm,
} from '../form/create-location-form';
import { withCity, withState } from '../form/address-contact';
import {
  buildFilteringData,
  clampToTotal,
  filteredCaption,
  INITIAL_DIRECTORY_STATE,
  pageIndexOf,
  toggleSort,
  withFilters,
  withGlobalFilter,
  withPage,
  buildExportQuery,
} from './directory-request';

const complete = (): CreateLocationForm => ({
  ...emptyCreateLocationForm(),
  AccountId: 'conn-1',
  Title: 'Downtown Dental',
  PrimaryCategoryId: 'categories/gcid:dentist',
  PrimaryPhoneNumber: '(212) 555-0134',
  Latitude: '40.7128',
  Longitude: '-74.006',
  StreetAddressLine1: '350 5th Ave',
  State: 'NY',
  Town: 'New York',
  PostCode: '10118',
  OpeningDate: '2019-03-01',
});

describe('Create Location enabling rule', () => {
  it('needs account, title, primary category, primary phone, latitude, longitude and country', () => {
    expect(canCreateLocation(emptyCreateLocationForm())).toBe(false);
    expect(canCreateLocation(complete())).toBe(true);
    const missing: Array<Partial<CreateLocationForm>> = [
      { AccountId: '' },
      { Title: '   ' },
      { PrimaryCategoryId: null },
      { PrimaryPhoneNumber: '' },
      { Latitude: '' },
      { Longitude: 'abc' },
      { Region: '' },
    ];
    for (const change of missing) expect(canCreateLocation({ ...complete(), ...change }), JSON.stringify(change)).toBe(false);
  });

  it('does not need the optional fields', () => {
    const form = { ...complete(), StoreCode: '', Website: '', PrimaryEmail: '', State: '', Town: '' };
    expect(canCreateLocation(form)).toBe(true);
  });
});

describe('phones dialog', () => {
  it('disables Add more while a row is blank or at the maximum, and keeps one row', () => {
    expect(canAddPhoneRow([''])).toBe(false);
    expect(canAddPhoneRow(['(212) 555-0100'])).toBe(true);
    expect(canAddPhoneRow(['(212) 555-0100', '  '])).toBe(false);
    expect(canAddPhoneRow(['(212) 555-0100', '(212) 555-0101'])).toBe(false);
    expect(canRemovePhoneRow(['x'])).toBe(false);
    expect(removePhoneRow(['only'], 0)).toEqual(['only']);
    expect(removePhoneRow(['a', 'b'], 0)).toEqual(['b']);
  });
});

describe('address', () => {
  it('a new state clears city and coordinates; a city sets the coordinates', () => {
    const withCityForm = withCity({ ...complete(), State: 'NY' }, { Name: 'Buffalo', Latitude: 42.8864, Longitude: -78.8784 });
    expect(withCityForm).toMatchObject({ Town: 'Buffalo', Latitude: '42.8864', Longitude: '-78.8784' });
    expect(withState(withCityForm, 'NY')).toBe(withCityForm);
    expect(withState(withCityForm, 'TX')).toMatchObject({ State: 'TX', Town: '', Latitude: '', Longitude: '' });
  });
});

/** The first message per field of the Create Location form, as the form shows it. */
const createFormErrors = (form: CreateLocationForm): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of CreateLocationFormSchema.safeParse(form).error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
};

describe('create request', () => {
  it('is accepted by the contract, drops blank phones and closed days, sends an empty email as null', () => {
    const form: CreateLocationForm = {
      ...complete(),
      AdditionalPhoneNumbers: ['(212) 555-0101', ''],
      PrimaryEmail: '  ',
      SelectedAdditionalCategories: ['categories/gcid:dentist', 'categories/gcid:orthodontist'],
      week: setDayOpen(emptyCreateLocationForm().week, 'TUESDAY', true),
      attributes: { ...emptyCreateLocationForm().attributes, IsWomenOwned: true },
    };
    const body = createLocationBody(form);
    expect(body.Location.AdditionalPhoneNumbers).toEqual(['(212) 555-0101']);
    expect(body.Location.PrimaryEmail).toBeNull();
    expect(body.Location.SelectedAdditionalCategories).toEqual(['categories/gcid:orthodontist']);
    expect(body.Location.LocationBusinessHours?.map((e) => e.OpenDay)).toEqual(['TUESDAY']);
    expect(body.Location.IsWomenOwned).toBe(true);
    const parsed = CreateLocationBodySchema.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data?.Location.Latitude).toBe(40.7128);
  });

  it('names on their own fields what Google needs before anything is sent: address line, state, city, ZIP, opening date', () => {
    expect(createFormErrors(complete())).toEqual({});
    const bare = { ...complete(), StreetAddressLine1: '', State: '', Town: '', PostCode: '', OpeningDate: '' };
    expect(canCreateLocation(bare)).toBe(true);
    expect(createFormErrors(bare)).toEqual({
      StreetAddressLine1: 'Address Line 1 is required',
      State: 'State is required',
      Town: 'City is required',
      PostCode: 'Postal Code is required',
      OpeningDate: 'Opening Date is required',
    });
    expect(createFormErrors({ ...complete(), PostCode: '1234' })).toEqual({ PostCode: 'Postal Code must be a US ZIP code (12345 or 12345-6789)' });
  });
});

describe('directory request', () => {
  it('first loads 0/25 by StoreCode ascending, accepted by the contract', () => {
    const body = buildFilteringData(INITIAL_DIRECTORY_STATE);
    expect(body).toEqual({ first: 0, rows: 25, sortField: 'StoreCode', sortOrder: 1, globalFilter: '' });
    expect(FilteringDataSchema.parse(body)).toMatchObject({ first: 0, rows: 25, sortField: 'StoreCode', sortOrder: 1, globalFilter: '' });
  });

  it('adds the account filter for /{accountId}/locations and trims the search', () => {
    expect(buildFilteringData({ ...INITIAL_DIRECTORY_STATE, globalFilter: ' 1042 ' }, 'acc-1')).toMatchObject({ globalFilter: '1042', AccountId: 'acc-1' });
  });

  it('sorts: same column flips the order, another column starts ascending, back to page one', () => {
    const paged = withPage(INITIAL_DIRECTORY_STATE, 3);
    expect(paged.first).toBe(75);
    const flipped = toggleSort(paged, 'StoreCode');
    expect(flipped).toMatchObject({ sortField: 'StoreCode', sortOrder: -1, first: 0 });
    expect(toggleSort(flipped, 'StoreCode').sortOrder).toBe(1);
    expect(toggleSort(flipped, 'LastSyncDate')).toMatchObject({ sortField: 'LastSyncDate', sortOrder: 1 });
    for (const f of ['StoreCode', 'Title', 'TotalRatingsCount', 'OpenStatus', 'LastSyncDate'] as const) {
      expect(FilteringDataSchema.parse(buildFilteringData(toggleSort(INITIAL_DIRECTORY_STATE, f))).sortField).toBe(f);
    }
  });

  it('a new search returns to the first page; the same search changes nothing', () => {
    const paged = withPage(INITIAL_DIRECTORY_STATE, 2);
    expect(withGlobalFilter(paged, 'austin')).toMatchObject({ globalFilter: 'austin', first: 0 });
    expect(withGlobalFilter(paged, '')).toBe(paged);
    expect(pageIndexOf(paged)).toBe(2);
  });

  it('moves back to the last page when the list shrank', () => {
    const paged = withPage(INITIAL_DIRECTORY_STATE, 2);
    expect(clampToTotal(paged, 51).first).toBe(50);
    expect(clampToTotal(paged, 50).first).toBe(25);
    expect(clampToTotal(paged, 0).first).toBe(0);
  });

  it('sends the status, state, account, city and ZIP filters; a changed filter returns to page one', () => {
    const paged = withPage(INITIAL_DIRECTORY_STATE, 2);
    const filtered = withFilters(paged, { Status: 'Unpublished', State: 'TX', AccountId: 'acc-2', City: ' austin ', Zip: '787' });
    expect(filtered.first).toBe(0);
    expect(withFilters(filtered, { State: 'TX' })).toBe(filtered);
    const body = buildFilteringData(filtered);
    expect(body).toMatchObject({ Status: 'Unpublished', State: 'TX', AccountId: 'acc-2', City: 'austin', Zip: '787' });
    expect(FilteringDataSchema.parse(body)).toMatchObject({ Status: 'Unpublished', State: 'TX', City: 'austin', Zip: '787' });
    // the page's own account wins over the filter
    expect(buildFilteringData(filtered, 'acc-1').AccountId).toBe('acc-1');
    expect(buildExportQuery({ ...filtered, sortOrder: -1 })).toEqual({
      sortField: 'StoreCode',
      sortOrder: '-1',
      AccountId: 'acc-2',
      Status: 'Unpublished',
      State: 'TX',
      City: 'austin',
      Zip: '787',
    });
  });

  it('captions the table', () => {
    expect(filteredCaption(3, 120)).toBe('Filtered : 3 out of 120 total locations');
  });
});
