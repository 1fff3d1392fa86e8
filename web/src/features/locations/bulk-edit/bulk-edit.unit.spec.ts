import { describe, expect, it } from 'vitest';
import { BulkEditFormSchema, bulkEditRequest, chipsOf, coverRatioProblem, initialBulkEditForm, renderedSample, templateSave } from './bulk-edit-form';

describe('bulk edit form', () => {
  it("is checked by the publish route's schema before anything is sent", () => {
    const none = BulkEditFormSchema.safeParse(initialBulkEditForm());
    expect(none.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['SelectedLocations', 'Select at least one location.']]);
    expect(BulkEditFormSchema.safeParse({ ...initialBulkEditForm(), selected: ['a'] }).success).toBe(true);
  });

  it('starts with every field ignored and sends only what is not', () => {
    const form = initialBulkEditForm();
    form.selected = ['a', 'b'];
    form.ignore.BusninessDescription = false;
    form.text.ProfileDescription = '@BusinessName in @Town';
    const body = bulkEditRequest(form);
    expect(body.IgnoreBulkLocationFields).toMatchObject({ BusninessDescription: false, BusinessName: true, Country: true, BusinessHours: true });
    expect(body).toMatchObject({ SelectedLocations: ['a', 'b'], ProfileDescription: '@BusinessName in @Town', BusinessHours: [] });
  });

  it('renders the sample with the shared renderer, ignored fields left out', () => {
    const form = initialBulkEditForm();
    form.ignore.BusninessDescription = false;
    form.text.ProfileDescription = '@BusinessName in @town (@Unknown)';
    form.text.Title = '@BusinessName!';
    expect(renderedSample(form, { Title: 'Acme', Town: 'Denver' })).toEqual([{ label: 'Business Description', value: 'Acme in Denver ()' }]);
  });

  it('sends Localeze categories and default media, and shows them in the sample only when not ignored', () => {
    const form = initialBulkEditForm();
    form.localeze = [{ Id: '7', Name: 'Dentists' }];
    form.media = ['/media/a.png', 'https://example.com/b.jpg'];
    form.logo = '/media/logo.png';
    expect(renderedSample(form, { Title: 'Acme' })).toEqual([]);
    form.ignore.LocaleZeCategories = false;
    form.ignore.LocationDefaultImage = false;
    form.ignore.ProfilePhoto = false;
    form.ignore.CoverPhoto = false;
    const body = bulkEditRequest(form);
    expect(body).toMatchObject({
      LocaleZeCategoriesDto: [{ Id: '7', Name: 'Dentists' }],
      LocationDefaultImagesUrl: [{ MediaItemUrl: '/media/a.png' }, { MediaItemUrl: 'https://example.com/b.jpg' }],
      IgnoreBulkLocationFields: { LocaleZeCategories: false, LocationDefaultImage: false },
    });
    expect(renderedSample(form, { Title: 'Acme' })).toEqual([
      { label: 'Localeze Categories', value: 'Dentists' },
      { label: 'Location Logo', value: '', images: ['/media/logo.png'] },
      { label: 'Location Cover', value: 'none' },
      { label: 'Default Location Media', value: '2 images added', images: ['/media/a.png', 'https://example.com/b.jpg'] },
    ]);
  });

  it('shows the first 5 chips and counts the rest', () => {
    expect(chipsOf([1, 2, 3], 5)).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(chipsOf([1, 2, 3, 4, 5, 6, 7], 5)).toEqual({ shown: [1, 2, 3, 4, 5], more: 2 });
  });

  it('accepts only 16:9 covers, with the spec message', () => {
    expect(coverRatioProblem(1920, 1080)).toBeNull();
    expect(coverRatioProblem(1200, 800)).toBe('Invalid aspect ratio: 1200x800 (1.50). Please upload a 16:9 image.');
  });
});

describe('Save as Template', () => {
  const saved = {
    Title: 'Garcia Family Dental',
    PrimaryPhoneNumber: '(850) 555-0100',
    PrimaryCategoryId: 'categories/gcid:dentist',
    SelectedAdditionalCategories: [],
    AdditionalCategories: [],
    StreetAddressLine1: '1 Main St',
    StreetAddressLine2: '',
    Region: 'US',
    State: 'FL',
    Website: 'https://garcia.example.com',
    ProfileDescription: 'Family dentistry.',
    BusinessHours: [{ OpenDay: 'MONDAY', CloseDay: 'MONDAY', IsOpen: true, OpenTimeHours: 9, OpenTimeMinutes: 0, CloseTimeHours: 17, CloseTimeMinutes: 0 }],
    LocationDefaultImagesUrl: [{ Id: '1', MediaItemUrl: 'https://images.example.com/a.jpg' }],
  };
  const label = (name: string) => (name === 'categories/gcid:dentist' ? 'Dentist' : name);

  it('sends only the fields not ignored and lists what changes; ignored fields never reach the body', () => {
    const form = initialBulkEditForm();
    form.ignore.BusinessName = false;
    form.text.Title = 'Garcia Dental Group';
    form.text.Website = 'https://typed-but-ignored.example.com';
    const save = templateSave(form, saved, label);
    expect(save.body).toEqual({ Title: 'Garcia Dental Group' });
    expect(save.changes).toEqual([{ label: 'Business Name', before: 'Garcia Family Dental', after: 'Garcia Dental Group' }]);
    expect(save.blank).toEqual([]);
  });

  it('never sends a blank field, a closed week or an empty image list over a saved default', () => {
    const form = initialBulkEditForm();
    for (const flag of ['PhoneNumber', 'Website', 'BusinessHours', 'LocationDefaultImage', 'PrimaryCategory'] as const) form.ignore[flag] = false;
    const save = templateSave(form, saved, label);
    expect(save.body).toEqual({});
    expect(save.changes).toEqual([]);
    expect(save.blank).toEqual(['Primary Phone Number', 'Primary Category', 'Website Uri', 'Regular Business Hours', 'Default Location Media']);
  });

  it('adds default media to the saved images and shows hours as old → new', () => {
    const form = initialBulkEditForm();
    form.ignore.LocationDefaultImage = false;
    form.ignore.BusinessHours = false;
    form.media = ['https://images.example.com/a.jpg', 'https://images.example.com/b.jpg'];
    form.week = form.week.map((d) => (d.day === 'TUESDAY' ? { ...d, isOpen: true, openTime: '08:00', closeTime: '12:00' } : d));
    const save = templateSave(form, saved, label);
    expect(save.body.AddLocationDefaultImagesUrl).toEqual([{ MediaItemUrl: 'https://images.example.com/b.jpg' }]);
    expect(save.body.LocationDefaultImagesUrl).toBeUndefined();
    expect(save.changes).toEqual([
      { label: 'Regular Business Hours', before: 'Monday 09:00–17:00', after: 'Tuesday 08:00–12:00' },
      { label: 'Default Location Media', before: '1 image', after: '2 images (1 image added)' },
    ]);
  });
});
