import { describe, expect, it } from 'vitest';
import { bulkEditRequest, chipsOf, coverRatioProblem, initialBulkEditForm, renderedSample } from './bulk-edit-form';

describe('bulk edit form', () => {
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
