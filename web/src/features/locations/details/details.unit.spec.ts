import { describe, expect, it } from 'vitest';
import { UpdateAttributesBodySchema, UpdateLocationFieldsSchema } from '@locus/contracts';
import type { LocationDetails } from '../api/details-api';
import { attributesBody, groupFlags } from './attributes-form';
import { addKeywords, canSeeUsersButton, coverRatioError, dayOfWeekOf, formatTime12, isKeywordCommitKey, thumbnailOf, todaysHours } from './details-rules';
import { withCity, withState } from '../form/address-contact';
import { changedLocationBody, editFormFromLocation, updateLocationBody } from '../form/edit-location-form';

const hours = (day: string, open: [number, number], close: [number, number]) => ({
  OpenDay: day,
  CloseDay: day,
  IsOpen: true,
  OpenTimeHours: open[0],
  OpenTimeMinutes: open[1],
  CloseTimeHours: close[0],
  CloseTimeMinutes: close[1],
});

describe('12-hour times and today’s hours', () => {
  it('formats hours in 12-hour form', () => {
    expect(formatTime12(0, 0)).toBe('12:00 AM');
    expect(formatTime12(9, 30)).toBe('09:30 AM');
    expect(formatTime12(12, 0)).toBe('12:00 PM');
    expect(formatTime12(17, 0)).toBe('05:00 PM');
    expect(formatTime12(23, 30)).toBe('11:30 PM');
  });

  it('names the day of a date (Sunday is 0 in JavaScript)', () => {
    expect(dayOfWeekOf(new Date(2024, 5, 2))).toBe('SUNDAY');
    expect(dayOfWeekOf(new Date(2024, 5, 3))).toBe('MONDAY');
    expect(dayOfWeekOf(new Date(2024, 5, 8))).toBe('SATURDAY');
  });

  it('shows today’s periods in order, or Closed', () => {
    const monday = new Date(2024, 5, 3, 15, 0);
    const week = [hours('MONDAY', [13, 0], [17, 0]), hours('MONDAY', [8, 30], [12, 0]), hours('TUESDAY', [9, 0], [17, 0])];
    expect(todaysHours(week, monday)).toBe('08:30 AM - 12:00 PM, 01:00 PM - 05:00 PM');
    expect(todaysHours(week, new Date(2024, 5, 4))).toBe('09:00 AM - 05:00 PM');
    expect(todaysHours(week, new Date(2024, 5, 5))).toBe('Closed');
    expect(todaysHours([{ ...hours('MONDAY', [9, 0], [17, 0]), IsOpen: false }], monday)).toBe('Closed');
    expect(todaysHours(null, monday)).toBe('Closed');
    expect(todaysHours([hours('MONDAY', [18, 0], [0, 0])], monday)).toBe('06:00 PM - 12:00 AM');
  });
});

describe('keyword input', () => {
  it('adds trimmed keywords, ignoring empty ones and duplicates (any case)', () => {
    expect(addKeywords([], '  dental care ')).toEqual(['dental care']);
    expect(addKeywords(['Dental Care'], 'dental care')).toEqual(['Dental Care']);
    expect(addKeywords(['a'], ' , ,')).toEqual(['a']);
    expect(addKeywords(['a'], 'b, c ,b,A')).toEqual(['a', 'b', 'c']);
  });

  it('commits on Enter or comma only', () => {
    expect(isKeywordCommitKey('Enter')).toBe(true);
    expect(isKeywordCommitKey(',')).toBe(true);
    expect(isKeywordCommitKey('a')).toBe(false);
    expect(isKeywordCommitKey('Tab')).toBe(false);
  });
});

describe('header rules', () => {
  it('checks the cover ratio with the spec’s message', () => {
    expect(coverRatioError(1920, 1080)).toBeNull();
    expect(coverRatioError(1280, 720)).toBeNull();
    expect(coverRatioError(800, 600)).toBe('Invalid aspect ratio: 800x600 (1.3333). Please upload a 16:9 image.');
  });

  it('falls back from the thumbnail to the profile media', () => {
    expect(thumbnailOf({ ThumbnailUrl: 'https://t', LocationProfileMedia: 'https://p' })).toBe('https://t');
    expect(thumbnailOf({ ThumbnailUrl: null, LocationProfileMedia: 'https://p' })).toBe('https://p');
    expect(thumbnailOf({ ThumbnailUrl: '', LocationProfileMedia: null })).toBeNull();
  });

  it('shows Users to company admins when the location has a name, or when viewing as administrator', () => {
    expect(canSeeUsersButton({ role: 'CompanyAdmin', viewingAsAdmin: false }, { LocationName: 'locations/1' })).toBe(true);
    expect(canSeeUsersButton({ role: 'CompanyAdmin', viewingAsAdmin: false }, { LocationName: null })).toBe(false);
    expect(canSeeUsersButton({ role: 'CompanyAdmin', viewingAsAdmin: true }, { LocationName: null })).toBe(true);
    expect(canSeeUsersButton({ role: 'CompanyUser', viewingAsAdmin: false }, { LocationName: 'locations/1' })).toBe(false);
  });
});

const location = (): LocationDetails =>
  ({
    Id: 'l1',
    Title: 'Downtown Dental',
    StoreCode: 'NY-001',
    LocaleTagline: '',
    PrimaryCategoryId: 'categories/gcid:dentist',
    SelectedAdditionalCategories: ['categories/gcid:orthodontist'],
    SelectedLocaleZeCategories: [{ Id: '7', Name: 'Dentists' }],
    LocaleZeKeyWords: ['teeth'],
    PrimaryPhoneNumber: '(212) 555-0134',
    TollFreeNumber: '',
    PrimaryEmail: null,
    OwnerFirstName: 'Ada',
    OwnerLastName: 'Lovelace',
    StreetAddressLine1: '1 Main St',
    StreetAddressLine2: '',
    Region: 'US',
    State: 'NY',
    Town: 'New York',
    PostCode: '10001',
    Latitude: 40.71,
    Longitude: -74,
    Website: 'https://example.com',
    Twitter: '',
    LinkedIn: '',
    Facebook: 'https://facebook.com/x',
    Yelp: '',
    Instagram: '',
    GooglePlus: '',
    ProfileDescription: 'Family dentist',
    LocationProfileMedia: null,
    LocationCoverMedia: null,
    OpeningDate: '2015-04-01',
  }) as unknown as LocationDetails;

describe('Edit Location form', () => {
  it('a new state clears the city and coordinates; a city sets them', () => {
    const form = editFormFromLocation(location());
    expect(form).toMatchObject({ Latitude: '40.71', Longitude: '-74' });
    const cleared = withState(form, 'TX');
    expect(cleared).toMatchObject({ State: 'TX', Town: '', Latitude: '', Longitude: '' });
    expect(updateLocationBody(cleared)).toMatchObject({ Latitude: null, Longitude: null });
    const austin = withCity(cleared, { Name: 'Austin', Latitude: 30.27, Longitude: -97.74 });
    expect(updateLocationBody(austin)).toMatchObject({ Town: 'Austin', Latitude: 30.27, Longitude: -97.74 });
  });

  it('sends a body the contract accepts; empty email and dates as null', () => {
    const body = updateLocationBody({ ...editFormFromLocation(location()), OpeningDate: '', LocaleZeKeyWords: ['teeth', 'smile'] });
    expect(body.PrimaryEmail).toBeNull();
    expect(body.OpeningDate).toBeNull();
    expect(body.LocationCoverMedia).toBeNull();
    expect(body).not.toHaveProperty('Title');
    const parsed = UpdateLocationFieldsSchema.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data?.LocaleZeKeyWords).toEqual(['teeth', 'smile']);
  });

  it('sends only the fields the user changed: the city and its pin only when the city changes', () => {
    const initial = editFormFromLocation(location());
    expect(changedLocationBody(initial, initial)).toEqual({});
    expect(changedLocationBody({ ...initial, Website: 'https://new.example.com', LocalezeListingId: '12345' }, initial)).toEqual({
      Website: 'https://new.example.com',
      LocalezeListingId: '12345',
    });
    const moved = withCity(initial, { Name: 'Albany', Latitude: 42.65, Longitude: -73.75 });
    expect(changedLocationBody(moved, initial)).toEqual({ Town: 'Albany', Latitude: 42.65, Longitude: -73.75 });
  });

  it('leaves out an empty primary phone and an unset primary category', () => {
    const body = updateLocationBody({ ...editFormFromLocation(location()), PrimaryPhoneNumber: ' ', PrimaryCategoryId: null });
    expect(body).not.toHaveProperty('PrimaryPhoneNumber');
    expect(body).not.toHaveProperty('PrimaryCategoryId');
    expect(UpdateLocationFieldsSchema.safeParse(body).success).toBe(true);
  });
});

describe('Business Attributes form', () => {
  const loaded = {
    Attributes: { HasWheelchairToilet: true, FreeParkingLot: false },
    PlacePageUrls: { UrlYoutube: 'https://youtube.com/y' },
    Flags: [
      { Key: 'HasWheelchairToilet', Label: 'Wheelchair accessible restroom', Group: 'Accessibility' },
      { Key: 'FreeParkingLot', Label: 'Free parking lot', Group: 'Parking' },
      { Key: 'IsWomenOwned', Label: 'Identifies as women-owned', Group: 'From the business' },
      { Key: 'PaidParkingLot', Label: 'Paid parking lot', Group: 'Parking' },
    ],
    UrlFields: [
      { Key: 'UrlFacebook', Label: 'Facebook' },
      { Key: 'UrlYoutube', Label: 'YouTube' },
    ],
  };

  it('groups flags in order of appearance', () => {
    expect(groupFlags(loaded.Flags).map(([g, list]) => [g, list.length])).toEqual([
      ['Accessibility', 1],
      ['Parking', 2],
      ['From the business', 1],
    ]);
  });

  it('sends only the changed flags and URLs: checked as true, unchecked that had a value as false, never-set not at all', () => {
    const body = attributesBody(
      loaded,
      { HasWheelchairToilet: false, FreeParkingLot: false, IsWomenOwned: true },
      { UrlFacebook: ' https://facebook.com/x ', UrlYoutube: 'https://youtube.com/y' },
    );
    expect(body.Attributes).toEqual({ HasWheelchairToilet: false, IsWomenOwned: true });
    expect(body.PlacePageUrls).toEqual({ UrlFacebook: 'https://facebook.com/x' });
    expect(attributesBody(loaded, { ...loaded.Attributes }, { ...loaded.PlacePageUrls })).toEqual({ Attributes: {}, PlacePageUrls: {} });
    expect(attributesBody(loaded, { ...loaded.Attributes }, { UrlYoutube: ' ' }).PlacePageUrls).toEqual({ UrlYoutube: '' });
    expect(UpdateAttributesBodySchema.safeParse(body).success).toBe(true);
  });
});
