import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocationsTestStack, type LocationsTestStack } from './testing/stack';

let stack: LocationsTestStack;
let company: Awaited<ReturnType<LocationsTestStack['seedCompany']>>;

// A 1x1 PNG and a text file dressed up as one.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const FAKE_PNG = Buffer.from('this is not an image at all');

async function call(method: string, path: string, body?: unknown, token = company.adminToken) {
  const res = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as any) : null };
}

async function upload(path: string, files: { field: string; name: string; bytes: Buffer }[]) {
  const form = new FormData();
  form.append('CompanyId', company.companyId);
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.bytes)]), f.name);
  const res = await fetch(`${stack.baseUrl}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${company.adminToken}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  stack = await startLocationsTestStack();
  company = await stack.seedCompany();
}, 30_000);
afterAll(async () => {
  await stack?.close();
});

describe('location defaults and image uploads', () => {
  it('answers no defaults and the standard week until saved', async () => {
    expect((await call('GET', '/api/locationDefault/fetch')).body).toEqual({ Success: true, Data: null });
    const hours = await call('GET', '/api/gmb/location-default-hours');
    expect(hours.body.Data.LocationBusinessHours.filter((h: any) => h.IsOpen)).toHaveLength(5);
  });

  it('saves the defaults with their message; fetch and location-default-hours answer what was saved', async () => {
    const saved = await call('POST', '/api/locationDefault/save', {
      Title: 'Acme Plumbing',
      PrimaryPhoneNumber: '(303) 555-0100',
      StreetAddressLine1: '1 Main St',
      State: 'co',
      Website: 'https://acme.example.com',
      ProfileDescription: 'We fix pipes.',
      BusinessHours: [{ OpenDay: 'Saturday', IsOpen: true, OpenTimeHours: 10, OpenTimeMinutes: 30, CloseTimeHours: 14, CloseTimeMinutes: 0 }],
      LocationDefaultImagesUrl: [{ MediaItemUrl: 'https://images.example.com/a.jpg' }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.ResponseMessage).toBe('Your default location data save successfully');
    const fetched = (await call('GET', '/api/locationDefault/fetch')).body.Data;
    expect(fetched).toMatchObject({
      Title: 'Acme Plumbing',
      State: 'CO',
      Region: 'US',
      Website: 'https://acme.example.com',
      ProfileDescription: 'We fix pipes.',
    });
    expect(fetched.LocationDefaultImagesUrl).toEqual([{ Id: expect.any(String), MediaItemUrl: 'https://images.example.com/a.jpg' }]);
    const hours = (await call('GET', '/api/gmb/location-default-hours')).body.Data.LocationBusinessHours;
    expect(hours.filter((h: any) => h.IsOpen)).toEqual([
      expect.objectContaining({ OpenDay: 'SATURDAY', OpenTimeHours: 10, OpenTimeMinutes: 30, CloseTimeHours: 14, CloseTimeMinutes: 0 }),
    ]);
    // a company user starts new locations from the same hours
    const asUser = (await call('GET', '/api/gmb/location-default-hours', undefined, company.userToken)).body.Data.LocationBusinessHours;
    expect(asUser).toEqual(hours);
  });

  it('a partial save (Save as Template with one field) changes that field only; added images join the saved ones', async () => {
    const other = await stack.seedCompany('Partial Defaults Co');
    const as = (method: string, path: string, body?: unknown) => call(method, path, body, other.adminToken);
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
    expect((await as('POST', '/api/locationDefault/save', full)).status).toBe(200);
    const before = (await as('GET', '/api/locationDefault/fetch')).body.Data;
    expect(before.LocationDefaultImagesUrl).toHaveLength(3);

    const eventsBefore = (await stack.eventStore.readStream(`locationdefaults-${other.companyId}`)).length;
    const partial = await as('POST', '/api/locationDefault/save', { Title: 'Garcia Dental Group' });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    const after = (await as('GET', '/api/locationDefault/fetch')).body.Data;
    expect(after).toEqual({ ...before, Title: 'Garcia Dental Group' });
    const events = await stack.eventStore.readStream(`locationdefaults-${other.companyId}`);
    expect(events.slice(eventsBefore).map((e) => [e.type, (e.data as { changed?: string[] }).changed])).toEqual([['LocationDefaultsSaved', ['Title']]]);

    // the same values again: nothing to record
    expect((await as('POST', '/api/locationDefault/save', { Title: 'Garcia Dental Group', Website: full.Website })).status).toBe(200);
    expect(await stack.eventStore.readStream(`locationdefaults-${other.companyId}`)).toHaveLength(events.length);

    const added = await as('POST', '/api/locationDefault/save', {
      AddLocationDefaultImagesUrl: [{ MediaItemUrl: 'https://images.example.com/d.jpg' }, { MediaItemUrl: 'https://images.example.com/a.jpg' }],
    });
    expect(added.status).toBe(200);
    const images = (await as('GET', '/api/locationDefault/fetch')).body.Data.LocationDefaultImagesUrl.map((i: { MediaItemUrl: string }) => i.MediaItemUrl);
    expect(images).toEqual(['a', 'b', 'c', 'd'].map((n) => `https://images.example.com/${n}.jpg`));
  });

  it('refuses bad values naming the field', async () => {
    const res = await call('POST', '/api/locationDefault/save', { PrimaryPhoneNumber: '12', ProfileDescription: 'x'.repeat(751), Website: 'nope' });
    expect(res.status).toBe(400);
    const fields = res.body.ApiError.Fields.map((f: any) => f.Field);
    expect(fields).toEqual(expect.arrayContaining(['PrimaryPhoneNumber', 'ProfileDescription', 'Website']));
  });

  it('deletes a saved image; an unknown one is 404', async () => {
    const [image] = (await call('GET', '/api/locationDefault/fetch')).body.Data.LocationDefaultImagesUrl;
    expect((await call('DELETE', `/api/locationDefault/delete/${image.Id}`)).status).toBe(200);
    expect((await call('GET', '/api/locationDefault/fetch')).body.Data.LocationDefaultImagesUrl).toEqual([]);
    expect((await call('DELETE', `/api/locationDefault/delete/${image.Id}`)).status).toBe(404);
  });

  it('stores uploaded images by their content: a text file named .png is refused', async () => {
    const one = await upload('/api/gmb/UploadImage', [{ field: 'File', name: 'logo.png', bytes: PNG }]);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.Data.MediaItemUrl).toMatch(new RegExp(`^/media/companies/${company.companyId}/images/.+\\.png$`));
    const fake = await upload('/api/gmb/UploadImage', [{ field: 'File', name: 'logo.png', bytes: FAKE_PNG }]);
    expect(fake.status).toBe(400);
    expect(fake.body.ResponseMessage).toBe('Only image files (PNG, JPEG, GIF or WebP) are allowed.');
    const many = await upload('/api/gmb/multi', [
      { field: 'files', name: 'a.png', bytes: PNG },
      { field: 'files', name: 'b.dat', bytes: PNG },
    ]);
    expect(many.status).toBe(200);
    expect(many.body.Data).toHaveLength(2);
    const mixed = await upload('/api/gmb/multi', [
      { field: 'files', name: 'a.png', bytes: PNG },
      { field: 'files', name: 'b.png', bytes: FAKE_PNG },
    ]);
    expect(mixed.status).toBe(400);
    expect(mixed.body.ApiError.Fields[0].Message).toContain('b.png');
  });
});
