import { describe, expect, it } from 'vitest';
import { BusinessHoursListSchema } from '@locus/contracts';
import { categoryChoices, cityChoices, coordinatesOfCity, filterChoices, stateChoices } from './choices';
import { closedWeek, dayLabel, entriesForSave, hoursErrors, setDayOpen, setDayTime, TIME_OPTIONS, weekFromEntries, type HoursEntryIn } from './hours';
import { filledStars, formatRating } from './rating-stars';

const entry = (day: string, open: [number, number], close: [number, number], isOpen = true): HoursEntryIn => ({
  OpenDay: day,
  CloseDay: day,
  IsOpen: isOpen,
  OpenTimeHours: open[0],
  OpenTimeMinutes: open[1],
  CloseTimeHours: close[0],
  CloseTimeMinutes: close[1],
});

describe('hours editor rules', () => {
  it('offers 48 half-hour times from 00:00 to 23:30', () => {
    expect(TIME_OPTIONS).toHaveLength(48);
    expect(TIME_OPTIONS[0]).toBe('00:00');
    expect(TIME_OPTIONS[1]).toBe('00:30');
    expect(TIME_OPTIONS[47]).toBe('23:30');
    expect(TIME_OPTIONS).not.toContain('24:00');
  });

  it('lists the days from Monday with readable names', () => {
    expect(closedWeek().map((d) => dayLabel(d.day))).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
  });

  it('reads the API entries: open days with their times, others closed', () => {
    const week = weekFromEntries([entry('monday', [9, 0], [17, 30]), entry('SUNDAY', [10, 0], [14, 0]), entry('TUESDAY', [0, 0], [0, 0], false)]);
    expect(week[0]).toMatchObject({ day: 'MONDAY', isOpen: true, openTime: '09:00', closeTime: '17:30' });
    expect(week[1]).toMatchObject({ day: 'TUESDAY', isOpen: false, openTime: null, closeTime: null });
    expect(week[6]).toMatchObject({ day: 'SUNDAY', isOpen: true, openTime: '10:00', closeTime: '14:00' });
  });

  it('clears the times of a day that is closed, and gives an opened day default times', () => {
    const open = weekFromEntries([entry('MONDAY', [8, 30], [12, 0])]);
    const closed = setDayOpen(open, 'MONDAY', false);
    expect(closed[0]).toMatchObject({ isOpen: false, openTime: null, closeTime: null });
    const reopened = setDayOpen(closed, 'MONDAY', true);
    expect(reopened[0]).toMatchObject({ isOpen: true, openTime: '09:00', closeTime: '17:00' });
    // other days untouched
    expect(reopened.slice(1)).toEqual(closed.slice(1));
  });

  it('accepts only half-hour times, and only on open days', () => {
    const week = setDayOpen(closedWeek(), 'FRIDAY', true);
    expect(setDayTime(week, 'FRIDAY', 'openTime', '07:30')[4]?.openTime).toBe('07:30');
    expect(setDayTime(week, 'FRIDAY', 'openTime', '07:15')[4]?.openTime).toBeNull();
    expect(setDayTime(week, 'MONDAY', 'openTime', '07:30')[0]?.openTime).toBeNull();
  });

  it('reports a missing time and a close time before the open time; midnight closes the day', () => {
    let week = setDayOpen(closedWeek(), 'MONDAY', true);
    expect(hoursErrors(week)).toEqual({});
    week = setDayTime(week, 'MONDAY', 'closeTime', '08:00');
    expect(hoursErrors(week).MONDAY).toMatch(/after open/);
    week = setDayTime(week, 'MONDAY', 'closeTime', '00:00');
    expect(hoursErrors(week)).toEqual({});
    week = setDayTime(week, 'MONDAY', 'openTime', '');
    expect(hoursErrors(week).MONDAY).toMatch(/open and close/);
  });

  it('sends only open days, in the shape the contract accepts, keeping split periods', () => {
    const week = weekFromEntries([entry('MONDAY', [9, 0], [12, 0]), entry('MONDAY', [13, 0], [17, 0]), entry('WEDNESDAY', [9, 30], [18, 0])]);
    const out = entriesForSave(week);
    expect(out.map((e) => e.OpenDay)).toEqual(['MONDAY', 'MONDAY', 'WEDNESDAY']);
    expect(out[2]).toEqual({
      OpenDay: 'WEDNESDAY',
      CloseDay: 'WEDNESDAY',
      IsOpen: true,
      OpenTimeHours: 9,
      OpenTimeMinutes: 30,
      CloseTimeHours: 18,
      CloseTimeMinutes: 0,
    });
    expect(BusinessHoursListSchema.safeParse(out).success).toBe(true);
    // closing Monday drops both of its periods
    expect(entriesForSave(setDayOpen(week, 'MONDAY', false)).map((e) => e.OpenDay)).toEqual(['WEDNESDAY']);
  });
});

describe('picker choices', () => {
  it('filters by label, ignoring case, and caps long lists', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ value: `v${i}`, label: `Dentist ${i}` }));
    expect(filterChoices('', many)).toHaveLength(100);
    expect(filterChoices('dentist 49', many).map((c) => c.value)).toEqual([
      'v49',
      'v490',
      'v491',
      'v492',
      'v493',
      'v494',
      'v495',
      'v496',
      'v497',
      'v498',
      'v499',
    ]);
    expect(filterChoices('nothing', many)).toEqual([]);
  });

  it('maps categories, states and cities, and finds a city’s coordinates', () => {
    expect(
      categoryChoices([
        { Name: 'categories/gcid:b', DisplayName: 'Bakery' },
        { Name: 'categories/gcid:a', DisplayName: 'Art' },
      ]),
    ).toEqual([
      { value: 'categories/gcid:a', label: 'Art' },
      { value: 'categories/gcid:b', label: 'Bakery' },
    ]);
    expect(stateChoices([{ Name: 'Texas', StateCode: 'TX' }])).toEqual([{ value: 'TX', label: 'Texas' }]);
    const cities = [{ Name: 'Austin', Latitude: 30.27, Longitude: -97.74 }];
    expect(cityChoices(cities)).toEqual([{ value: 'Austin', label: 'Austin' }]);
    expect(coordinatesOfCity(cities, 'Austin')).toEqual({ Latitude: 30.27, Longitude: -97.74 });
    expect(coordinatesOfCity(cities, 'Dallas')).toBeNull();
  });
});

describe('rating display', () => {
  it('shows two decimals and rounds to whole stars', () => {
    expect(formatRating(4.456)).toBe('4.46');
    expect(formatRating(null)).toBe('0.00');
    expect(filledStars(4.5)).toBe(5);
    expect(filledStars(4.49)).toBe(4);
    expect(filledStars(null)).toBe(0);
    expect(filledStars(7)).toBe(5);
  });
});

describe('Create Location from the saved defaults', () => {
  it('fills only the fields still empty', async () => {
    const { emptyCreateLocationForm, withLocationDefaults } = await import('./create-location-form');
    const form = { ...emptyCreateLocationForm(), Title: 'Typed' };
    const filled = withLocationDefaults(form, {
      Title: 'Default title',
      PrimaryPhoneNumber: '(303) 555-0100',
      PrimaryCategoryId: 'categories/gcid:plumber',
      SelectedAdditionalCategories: [],
      StreetAddressLine1: '1 Main St',
      StreetAddressLine2: '',
      State: 'CO',
      Website: 'https://acme.example.com',
      ProfileDescription: 'We fix pipes.',
    });
    expect(filled).toMatchObject({ Title: 'Typed', PrimaryPhoneNumber: '(303) 555-0100', PrimaryCategoryId: 'categories/gcid:plumber', State: 'CO' });
  });
});
