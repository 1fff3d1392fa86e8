import { describe, it } from 'vitest';
import { DEFAULT_AI_REPLY_SETTINGS, type AutoReplyRule, type BrandSettings, type ReviewsAiEvent } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { brandDecider, companyAiDecider } from './company-ai-decider';

const by = { userId: 'u1', name: 'Ada Admin' };
const settings = { ...DEFAULT_AI_REPLY_SETTINGS, automateGoogleReviewsEnabled: true, tone: 'Neutral' as const };
const rule: AutoReplyRule = { ruleId: 'r1', minStars: 4, maxStars: 5, sentiment: 'Positive', text: 'any', locationIds: [], action: 'post', delayMinutes: 30 };

describe('company AI decider', () => {
  const spec = deciderSpec(companyAiDecider);
  const saved: ReviewsAiEvent = { type: 'ReviewAiSettingsSaved', data: { companyId: 'c1', ...settings, savedBy: by } };

  it('saves settings that differ from the stored ones, and nothing when they are the same', () => {
    spec.given([]).when({ type: 'SaveAiSettings', companyId: 'c1', settings, by }).then([saved]);
    spec.given([saved]).when({ type: 'SaveAiSettings', companyId: 'c1', settings, by }).then([]);
    spec.given([]).when({ type: 'SaveAiSettings', companyId: 'c1', settings: DEFAULT_AI_REPLY_SETTINGS, by }).then([]);
  });

  it('saves rules that differ, and nothing when they are the same', () => {
    const rulesSaved: ReviewsAiEvent = { type: 'AutoReplyRulesSaved', data: { companyId: 'c1', rules: [rule], savedBy: by } };
    spec
      .given([])
      .when({ type: 'SaveAutoReplyRules', companyId: 'c1', rules: [rule], by })
      .then([rulesSaved]);
    spec
      .given([saved, rulesSaved])
      .when({ type: 'SaveAutoReplyRules', companyId: 'c1', rules: [rule], by })
      .then([]);
    spec
      .given([rulesSaved])
      .when({ type: 'SaveAutoReplyRules', companyId: 'c1', rules: [], by })
      .then([{ type: 'AutoReplyRulesSaved', data: { companyId: 'c1', rules: [], savedBy: by } }]);
  });
});

describe('brand decider', () => {
  const spec = deciderSpec(brandDecider);
  const brand: BrandSettings = {
    displayName: 'Garcia Family Dental',
    logoUrl: null,
    agentName: 'Maria',
    agentTitle: 'Office manager',
    agentPhotoUrl: null,
    voiceNotes: 'Warm, brief.',
    signOff: '— Maria',
    wordsToAvoid: ['cheap'],
  };
  const saved: ReviewsAiEvent = { type: 'BrandSettingsSaved', data: { companyId: 'c1', ...brand, savedBy: by } };

  it('saves the first brand and a changed one, not the same one again', () => {
    spec.given([]).when({ type: 'SaveBrandSettings', companyId: 'c1', brand, by }).then([saved]);
    spec.given([saved]).when({ type: 'SaveBrandSettings', companyId: 'c1', brand, by }).then([]);
    const renamed = { ...brand, agentName: 'Lucia' };
    spec
      .given([saved])
      .when({ type: 'SaveBrandSettings', companyId: 'c1', brand: renamed, by })
      .then([{ type: 'BrandSettingsSaved', data: { companyId: 'c1', ...renamed, savedBy: by } }]);
  });
});
