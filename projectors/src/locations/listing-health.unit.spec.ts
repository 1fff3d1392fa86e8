import { describe, expect, it } from 'vitest';
import { LOCATIONS_COLLECTION, type LocationDoc } from '@locus/contracts';
import { foldInMemory } from '@locus/platform/runtime/testing/shop-projection';
import { recorder } from '@locus/platform/runtime/testing/recorded-events';
import { google, profile } from './testing/history';
import { locationsProjection } from './locations-projection';

/** A photo of Google's media list as the refresh event carries it. */
const photo = (mediaId: string, category: string) => ({
  mediaId,
  name: `n${mediaId.slice(1)}`,
  category,
  mediaFormat: 'PHOTO',
  sourceUrl: null,
  googleUrl: null,
  thumbnailUrl: null,
  viewCount: 0,
  createTime: null,
  width: null,
  height: null,
});

const base = { companyId: 'c1', connectionId: 'k1', accountName: 'accounts/1', accountDisplayName: 'Brand', locationId: 'L1' };
const vom = { hasVoiceOfMerchant: false, hasBusinessAuthority: false, action: 'verify', hasPendingVerification: true, recommendationReason: '' };

const docOf = async (events: ReturnType<ReturnType<typeof recorder>>[]) =>
  ((await foldInMemory(locationsProjection, events)).get(LOCATIONS_COLLECTION) as LocationDoc[]).find((d) => d._id === 'L1')!;

describe('locations projection: listing health', () => {
  it("keeps each location's completeness, what is missing and Google's verification state", async () => {
    const e = recorder('2025-03-05T00:00:00.000Z');
    const imported = e(
      'LocationImported',
      {
        ...base,
        processId: 'p',
        profile: profile('Pearl St', 'B-2'),
        hours: [],
        attributes: {},
        urls: {},
        google: google('locations/1', { media: { logo: true, cover: false, photos: 0 } }),
        syncedAt: '2025-03-04T09:00:01.000Z',
      },
      'c1',
    );
    // the test profile has a phone and a primary category; Google has its logo
    expect(await docOf([imported])).toMatchObject({
      completeness: 30,
      missingFields: ['description', 'hours', 'additionalCategories', 'website', 'cover', 'photos', 'attributes'],
      verification: 'Unknown',
    });

    const edited = e(
      'LocationUpdated',
      { locationId: 'L1', profile: { ...profile('Pearl St', 'B-2'), ProfileDescription: 'Dentist.' }, changed: ['ProfileDescription'] },
      'c1',
    );
    const media = e(
      'LocationMediaRefreshed',
      {
        locationId: 'L1',
        companyId: 'c1',
        items: [photo('m1', 'COVER'), photo('m2', 'EXTERIOR')],
        refreshedAt: '2025-03-05T00:00:00.000Z',
      },
      'c1',
    );
    const verification = e(
      'LocationVerificationStateChanged',
      { locationId: 'L1', companyId: 'c1', voiceOfMerchant: vom, trigger: 'sync', checkedAt: '2025-03-05T00:00:00.000Z' },
      'c1',
    );
    // the media refresh says what Google has now: a cover and a photo, no logo
    expect(await docOf([imported, edited, media, verification])).toMatchObject({
      completeness: 50,
      missingFields: ['hours', 'additionalCategories', 'website', 'logo', 'attributes'],
      verification: 'NeedsVerification',
      voiceOfMerchant: vom,
    });

    // a resync keeps the recorded verification state
    const synced = e(
      'LocationSynced',
      {
        locationId: 'L1',
        requestId: 's',
        profile: profile('Pearl St', 'B-2'),
        hours: [],
        attributes: { IsWomenOwned: true },
        urls: {},
        google: google('locations/1'),
        syncedAt: '2025-03-06T00:00:00.000Z',
      },
      'c1',
    );
    expect(await docOf([imported, edited, media, verification, synced])).toMatchObject({ verification: 'NeedsVerification', completeness: 50 });
  });
});
