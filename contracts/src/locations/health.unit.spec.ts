import { describe, expect, it } from 'vitest';
import { emptyProfile } from './events';
import {
  COMPLETENESS_FIELDS,
  completenessOf,
  mediaSummaryOf,
  sameVoiceOfMerchant,
  verificationStateOf,
  type CompletenessInput,
  type VoiceOfMerchant,
} from './health';
import { FilteringDataSchema } from './directory-dto';

const bare = (): CompletenessInput => ({ profile: emptyProfile(), hours: [], attributes: {}, urls: {}, media: null });

const full = (): CompletenessInput => ({
  profile: {
    ...emptyProfile(),
    ProfileDescription: 'A family dentist.',
    PrimaryCategory: { Name: 'categories/gcid:dentist', DisplayName: 'Dentist' },
    AdditionalCategories: [{ Name: 'categories/gcid:orthodontist', DisplayName: 'Orthodontist' }],
    PrimaryPhoneNumber: '(303) 555-0100',
    Website: 'https://example.com/',
  },
  hours: [{ openDay: 'MONDAY', openTime: { hours: 9, minutes: 0 }, closeDay: 'MONDAY', closeTime: { hours: 17, minutes: 0 } }],
  attributes: { has_wheelchair_accessible_entrance: true },
  urls: {},
  media: { logo: true, cover: true, photos: 3 },
});

const vom = (over: Partial<VoiceOfMerchant> = {}): VoiceOfMerchant => ({
  hasVoiceOfMerchant: true,
  hasBusinessAuthority: true,
  action: 'none',
  hasPendingVerification: false,
  recommendationReason: '',
  ...over,
});

describe('completenessOf', () => {
  it('scores an empty listing 0 with every weighed field missing, in order', () => {
    expect(completenessOf(bare())).toEqual({ score: 0, missing: COMPLETENESS_FIELDS.map((f) => f.key) });
  });

  it('scores a full listing 100 with nothing missing', () => {
    expect(completenessOf(full())).toEqual({ score: 100, missing: [] });
  });

  it('names exactly what is missing, each field weighing a tenth', () => {
    const input = full();
    input.profile = { ...input.profile, ProfileDescription: '   ', Website: '' };
    input.media = { logo: true, cover: false, photos: 0 };
    expect(completenessOf(input)).toEqual({ score: 60, missing: ['description', 'website', 'cover', 'photos'] });
  });

  it("counts the logo and cover set in Locus as well as Google's, and a place-page link as an attribute", () => {
    const input = bare();
    input.profile = { ...input.profile, LocationProfileMedia: 'https://img/logo.png', LocationCoverMedia: 'https://img/cover.png' };
    input.urls = { url_menu: 'https://example.com/menu' };
    const { missing } = completenessOf(input);
    expect(missing).not.toContain('logo');
    expect(missing).not.toContain('cover');
    expect(missing).not.toContain('attributes');
  });

  it('summarises a media list: logo (LOGO or PROFILE), cover, other photos', () => {
    expect(
      mediaSummaryOf([
        { category: 'PROFILE', mediaFormat: 'PHOTO' },
        { category: 'EXTERIOR', mediaFormat: 'PHOTO' },
        { category: 'INTERIOR', mediaFormat: 'PHOTO' },
        { category: 'ADDITIONAL', mediaFormat: 'VIDEO' },
      ]),
    ).toEqual({ logo: true, cover: false, photos: 2 });
    expect(mediaSummaryOf([{ category: 'COVER', mediaFormat: 'PHOTO' }])).toEqual({ logo: false, cover: true, photos: 0 });
  });
});

describe('verification state', () => {
  it("names Google's action in the directory's words", () => {
    expect(verificationStateOf(null)).toBe('Unknown');
    expect(verificationStateOf(vom())).toBe('Verified');
    expect(verificationStateOf(vom({ hasVoiceOfMerchant: false, action: 'verify' }))).toBe('NeedsVerification');
    expect(verificationStateOf(vom({ hasVoiceOfMerchant: false, action: 'resolveOwnershipConflict' }))).toBe('OwnershipConflict');
    expect(verificationStateOf(vom({ hasVoiceOfMerchant: false, action: 'complyWithGuidelines' }))).toBe('GuidelinesIssue');
    expect(verificationStateOf(vom({ hasVoiceOfMerchant: false, action: 'waitForVoiceOfMerchant' }))).toBe('PendingReview');
    expect(verificationStateOf(vom({ hasVoiceOfMerchant: false }))).toBe('NeedsVerification');
  });

  it('tells a changed state from the same one', () => {
    expect(sameVoiceOfMerchant(null, vom())).toBe(false);
    expect(sameVoiceOfMerchant(vom(), vom())).toBe(true);
    expect(sameVoiceOfMerchant(vom(), vom({ hasPendingVerification: true }))).toBe(false);
  });
});

describe('directory health filters', () => {
  it('accepts a completeness threshold and a verification state, empty meaning any', () => {
    expect(FilteringDataSchema.parse({ CompletenessBelow: '80', Verification: 'NeedsAction' })).toMatchObject({
      CompletenessBelow: 80,
      Verification: 'NeedsAction',
    });
    expect(FilteringDataSchema.parse({ CompletenessBelow: '' }).CompletenessBelow).toBeNull();
  });

  it('names the field of a bad value', () => {
    expect(FilteringDataSchema.safeParse({ CompletenessBelow: 0 }).error?.issues[0]?.message).toBe('Completeness below must be between 1 and 100');
    expect(FilteringDataSchema.safeParse({ Verification: 'Maybe' }).error?.issues[0]?.message).toMatch(/^Verification must be one of/);
  });
});
