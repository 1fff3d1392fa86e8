import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultHoursRoute,
  deleteLocationDefaultImageRoute,
  fetchLocationDefaultsRoute,
  saveLocationDefaultsRoute,
  uploadImageRoute,
  uploadImagesRoute,
  type RequestInput,
} from '@locus/contracts';
import { startLocationsTestStack, type LocationsTestStack } from './testing/stack';

let stack: LocationsTestStack;
type Company = Awaited<ReturnType<LocationsTestStack['seedCompany']>>;

// A 1x1 PNG and a text file dressed up as one.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const FAKE_PNG = Buffer.from('this is not an image at all');

const save = (company: Company, body: RequestInput<typeof saveLocationDefaultsRoute, 'body'>) =>
  stack.test.send(saveLocationDefaultsRoute, { body, token: company.adminToken });
const defaultsOf = async (company: Company) => (await stack.test.send(fetchLocationDefaultsRoute, { token: company.adminToken })).body.Data;
const hoursFor = async (token: string) => (await stack.test.send(defaultHoursRoute, { token })).body.Data.LocationBusinessHours;

const formOf = (company: Company, files: { field: string; name: string; bytes: Buffer }[]) => {
  const form = new FormData();
  form.append('CompanyId', company.companyId);
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.bytes)]), f.name);
  return form;
};

beforeAll(async () => {
  stack = await startLocationsTestStack();
}, 30_000);
afterAll(async () => {
  await stack?.close();
});

describe('location defaults and image uploads', () => {
  it('answers no defaults and the standard week until saved', async () => {
    const company = await stack.seedCompany('No Defaults Co');
    expect((await stack.test.send(fetchLocationDefaultsRoute, { token: company.adminToken })).body).toEqual({ Success: true, Data: null });
    expect((await hoursFor(company.adminToken)).filter((h) => h.IsOpen)).toHaveLength(5);
  });

  it('saves the defaults with their message; fetch and location-default-hours answer what was saved', async () => {
    const company = await stack.seedCompany('Acme Plumbing Co');
    const saved = await save(company, {
      Title: 'Acme Plumbing',
      PrimaryPhoneNumber: '(303) 555-0100',
      StreetAddressLine1: '1 Main St',
      State: 'co',
      Website: 'https://acme.example.com',
      ProfileDescription: 'We fix pipes.',
      BusinessHours: [{ OpenDay: 'Saturday', IsOpen: true, OpenTimeHours: 10, OpenTimeMinutes: 30, CloseTimeHours: 14, CloseTimeMinutes: 0 }],
      LocationDefaultImagesUrl: [{ MediaItemUrl: 'https://images.example.com/a.jpg' }],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.ResponseMessage).toBe('Your default location data save successfully');
    const fetched = await defaultsOf(company);
    expect(fetched).toMatchObject({
      Title: 'Acme Plumbing',
      State: 'CO',
      Region: 'US',
      Website: 'https://acme.example.com',
      ProfileDescription: 'We fix pipes.',
    });
    expect(fetched?.LocationDefaultImagesUrl).toEqual([{ Id: expect.any(String), MediaItemUrl: 'https://images.example.com/a.jpg' }]);
    const hours = await hoursFor(company.adminToken);
    expect(hours.filter((h) => h.IsOpen)).toEqual([
      expect.objectContaining({ OpenDay: 'SATURDAY', OpenTimeHours: 10, OpenTimeMinutes: 30, CloseTimeHours: 14, CloseTimeMinutes: 0 }),
    ]);
    // a company user starts new locations from the same hours
    expect(await hoursFor(company.userToken)).toEqual(hours);
  });

  it('a partial save (Save as Template with one field) changes that field only; added images join the saved ones', async () => {
    const other = await stack.seedCompany('Partial Defaults Co');
    const full = {
      Title: 'Garcia Family Dental',
      PrimaryPhoneNumber: '(850) 555-0100',
      StreetAddressLine1: '1 Main St',
      StreetAddressLine2: 'Suite 2',
      State: 'FL',
      Website: 'https://garcia.example.com',
      ProfileDescription: 'Family dentistry.',
      BusinessHours: [{ OpenDay: 'Monday', IsOpen: true, OpenTimeHours: 9, OpenTimeMinutes: 0, CloseTimeHours: 17, CloseTimeMinutes: 0 }],
      LocationDefaultImagesUrl: ['a', 'b', 'c'].map((n) => ({ MediaItemUrl: `https://images.example.com/${n}.jpg` })),
    };
    expect((await save(other, full)).status).toBe(200);
    const before = await defaultsOf(other);
    expect(before?.LocationDefaultImagesUrl).toHaveLength(3);

    const eventsBefore = (await stack.eventStore.readStream(`locationdefaults-${other.companyId}`)).length;
    const partial = await save(other, { Title: 'Garcia Dental Group' });
    expect(partial.status, partial.text).toBe(200);
    const after = await defaultsOf(other);
    expect(after).toEqual({ ...before, Title: 'Garcia Dental Group' });
    const events = await stack.eventStore.readStream(`locationdefaults-${other.companyId}`);
    expect(events.slice(eventsBefore).map((e) => [e.type, (e.data as { changed?: string[] }).changed])).toEqual([['LocationDefaultsSaved', ['Title']]]);

    // the same values again: nothing to record
    expect((await save(other, { Title: 'Garcia Dental Group', Website: full.Website })).status).toBe(200);
    expect(await stack.eventStore.readStream(`locationdefaults-${other.companyId}`)).toHaveLength(events.length);

    const added = await save(other, {
      AddLocationDefaultImagesUrl: [{ MediaItemUrl: 'https://images.example.com/d.jpg' }, { MediaItemUrl: 'https://images.example.com/a.jpg' }],
    });
    expect(added.status).toBe(200);
    const images = (await defaultsOf(other))?.LocationDefaultImagesUrl.map((i) => i.MediaItemUrl);
    expect(images).toEqual(['a', 'b', 'c', 'd'].map((n) => `https://images.example.com/${n}.jpg`));
  });

  it('refuses bad values naming the field', async () => {
    const company = await stack.seedCompany('Bad Values Co');
    const res = await save(company, { PrimaryPhoneNumber: '12', ProfileDescription: 'x'.repeat(751), Website: 'nope' });
    expect(res.status).toBe(400);
    const fields = res.error?.ApiError.Fields.map((f) => f.Field);
    expect(fields).toEqual(expect.arrayContaining(['PrimaryPhoneNumber', 'ProfileDescription', 'Website']));
  });

  it('deletes a saved image; an unknown one is 404', async () => {
    const company = await stack.seedCompany('One Image Co');
    expect((await save(company, { Title: 'One Image', LocationDefaultImagesUrl: [{ MediaItemUrl: 'https://images.example.com/a.jpg' }] })).status).toBe(200);
    const [image] = (await defaultsOf(company))!.LocationDefaultImagesUrl;
    const remove = () => stack.test.send(deleteLocationDefaultImageRoute, { params: { mediaId: image!.Id }, token: company.adminToken });
    expect((await remove()).status).toBe(200);
    expect((await defaultsOf(company))?.LocationDefaultImagesUrl).toEqual([]);
    expect((await remove()).status).toBe(404);
  });

  it('stores uploaded images by their content: a text file named .png is refused', async () => {
    const company = await stack.seedCompany('Uploads Co');
    const uploadOne = (files: Parameters<typeof formOf>[1]) => stack.test.send(uploadImageRoute, { body: formOf(company, files), token: company.adminToken });
    const uploadMany = (files: Parameters<typeof formOf>[1]) => stack.test.send(uploadImagesRoute, { body: formOf(company, files), token: company.adminToken });
    const one = await uploadOne([{ field: 'File', name: 'logo.png', bytes: PNG }]);
    expect(one.status, one.text).toBe(200);
    expect(one.body.Data.MediaItemUrl).toMatch(new RegExp(`^/media/companies/${company.companyId}/images/.+\\.png$`));
    const fake = await uploadOne([{ field: 'File', name: 'logo.png', bytes: FAKE_PNG }]);
    expect(fake.status).toBe(400);
    expect(fake.error?.ResponseMessage).toBe('Only image files (PNG, JPEG, GIF or WebP) are allowed.');
    const many = await uploadMany([
      { field: 'files', name: 'a.png', bytes: PNG },
      { field: 'files', name: 'b.dat', bytes: PNG },
    ]);
    expect(many.status).toBe(200);
    expect(many.body.Data).toHaveLength(2);
    const mixed = await uploadMany([
      { field: 'files', name: 'a.png', bytes: PNG },
      { field: 'files', name: 'b.png', bytes: FAKE_PNG },
    ]);
    expect(mixed.status).toBe(400);
    expect(mixed.error?.ApiError.Fields[0]!.Message).toContain('b.png');
  });
});
