import { emptyProfile } from '@locus/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedAccountStream, locationStream, type EventMetadata, type LocationEvent, type LocationProfile } from '@locus/contracts';
import { startTestStack, type TestStack } from '@locus/tests/stack/test-stack';
import { loadStream } from '../kit';
import { locationsCommandRoutes } from './routes';
import { evolveLocation, initialLocationState, type LocationState } from './location-state';

/**
 * A partial update is decided against the state it is appended on. Each
 * request sets one field; whichever requests are acknowledged, every field ends at the value
 * of its last acknowledged write (the one appended at the highest position).
 */
const FIELDS = [
  'LocaleTagline',
  'StreetAddressLine1',
  'StreetAddressLine2',
  'OwnerFirstName',
  'OwnerLastName',
  'Twitter',
  'Facebook',
  'Yelp',
  'Instagram',
  'Website',
] as const;
const valueOf = (field: (typeof FIELDS)[number], n: number) =>
  ['Twitter', 'Facebook', 'Yelp', 'Instagram', 'Website'].includes(field) ? `https://example.com/${field}/${n}` : `${field} ${n}`;

let stack: TestStack;
const companyId = randomUUID();
const connectionId = randomUUID();

beforeAll(async () => {
  stack = await startTestStack({ commandFeatures: [(d) => locationsCommandRoutes(d)], queryFeatures: [], projections: [], sessionValidation: false });
});
afterAll(async () => stack?.close());

const metadata = (): EventMetadata => ({
  companyId,
  actor: { userId: 'system', role: 'System' },
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
});

async function seedLocation(): Promise<string> {
  const locationId = randomUUID();
  const accountName = 'accounts/1';
  await stack.eventStore.append(
    connectedAccountStream(connectionId),
    [
      {
        id: randomUUID(),
        type: 'GoogleAccountConnected',
        data: {
          connectionId,
          companyId,
          processId: randomUUID(),
          accountName,
          accountDisplayName: 'Acme',
          accountType: 'PERSONAL',
          googleUser: { email: 'a@example.com', name: 'A' },
          sealedCredentials: 'x',
          connectedBy: 'u',
        },
        metadata: metadata(),
      },
    ],
    { expectedRevision: 'any' },
  );
  const profile: LocationProfile = { ...emptyProfile(), Title: 'Concurrent Café' };
  await stack.eventStore.append(
    locationStream(locationId),
    [
      {
        id: randomUUID(),
        type: 'LocationCreated',
        data: { locationId, companyId, connectionId, accountName, accountDisplayName: 'Acme', profile, hours: [], attributes: {} },
        metadata: metadata(),
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  return locationId;
}

describe('concurrent partial updates of one location', () => {
  it('leave every field at its last acknowledged value (50 single-field updates at once)', async () => {
    const locationId = await seedLocation();
    const token = await stack.tokenFor('CompanyAdmin', companyId);
    const requests = Array.from({ length: 50 }, (_, n) => ({ field: FIELDS[n % FIELDS.length]!, value: valueOf(FIELDS[n % FIELDS.length]!, n) }));
    const answers = await Promise.all(
      requests.map(async ({ field, value }) => {
        const res = await fetch(`${stack.baseUrl}/api/gmb/${locationId}/update`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ [field]: value }),
        });
        await res.text();
        return { field, value, status: res.status, position: Number(res.headers.get('x-position') ?? 0) };
      }),
    );
    const acknowledged = answers.filter((a) => a.status === 200);
    // Anything else is an honest conflict the caller may retry, never a silent loss.
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(0);

    const { state } = await loadStream<LocationState, LocationEvent>(stack.eventStore, locationStream(locationId), {
      evolve: evolveLocation,
      initialState: initialLocationState,
    });
    if (state.status !== 'active') throw new Error('the location should be active');
    const lost: string[] = [];
    for (const field of FIELDS) {
      const last = acknowledged
        .filter((a) => a.field === field)
        .sort((a, b) => a.position - b.position)
        .at(-1);
      if (last && state.profile[field] !== last.value) lost.push(`${field}: ${String(state.profile[field])} instead of ${last.value}`);
    }
    expect(lost).toEqual([]);
  });
});
