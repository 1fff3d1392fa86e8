import { describe, it } from 'vitest';
import type { LocationDefaults, LocationDefaultsEvent } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { emptyLocationDefaults, locationDefaultsDecider } from './defaults';

const spec = deciderSpec(locationDefaultsDecider);
const saved: LocationDefaults = {
  ...emptyLocationDefaults(),
  Title: 'Garcia Family Dental',
  PrimaryPhoneNumber: '(850) 555-0100',
  PrimaryCategory: { Name: 'categories/gcid:dentist', DisplayName: 'Dentist' },
  Website: 'https://garcia.example.com',
  hours: [{ openDay: 'MONDAY', openTime: { hours: 9, minutes: 0 }, closeDay: 'MONDAY', closeTime: { hours: 17, minutes: 0 } }],
  images: [{ Id: 'i1', MediaItemUrl: 'https://images.example.com/a.jpg' }],
};
const savedEvent: LocationDefaultsEvent = { type: 'LocationDefaultsSaved', data: { companyId: 'c1', defaults: saved } };

describe('location defaults decider', () => {
  it('merges a partial save into the stored defaults: only the fields it carries change', () => {
    spec
      .given([savedEvent])
      .when({ type: 'Save', companyId: 'c1', changes: { Title: 'Garcia Dental Group' }, addImages: [] })
      .then([{ type: 'LocationDefaultsSaved', data: { companyId: 'c1', defaults: { ...saved, Title: 'Garcia Dental Group' }, changed: ['Title'] } }]);
  });

  it('records nothing when the values are already saved, and adds images once per URL', () => {
    spec
      .given([savedEvent])
      .when({ type: 'Save', companyId: 'c1', changes: { Website: saved.Website }, addImages: [] })
      .then([]);
    spec
      .given([savedEvent])
      .when({
        type: 'Save',
        companyId: 'c1',
        changes: {},
        addImages: [
          { Id: 'i2', MediaItemUrl: 'https://images.example.com/a.jpg' },
          { Id: 'i3', MediaItemUrl: 'https://images.example.com/b.jpg' },
        ],
      })
      .then([
        {
          type: 'LocationDefaultsSaved',
          data: {
            companyId: 'c1',
            defaults: { ...saved, images: [...saved.images, { Id: 'i3', MediaItemUrl: 'https://images.example.com/b.jpg' }] },
            changed: ['images'],
          },
        },
      ]);
  });

  it('a field the save carries blank is cleared (the Default Location page sends every field)', () => {
    spec
      .given([savedEvent])
      .when({ type: 'Save', companyId: 'c1', changes: { Website: '' }, addImages: [] })
      .then([{ type: 'LocationDefaultsSaved', data: { companyId: 'c1', defaults: { ...saved, Website: '' }, changed: ['Website'] } }]);
  });
});
