import {
  DEFAULT_AI_REPLY_SETTINGS,
  type AiReplySettings,
  type AutoReplyRule,
  type BrandSettings,
  type ReviewsAiEvent,
  type ReviewsAiEventOf,
} from '@locus/contracts';
import type { Decider } from '../kit/decider';

/** Aggregate `reviews-ai-<companyId>`: the company's AI review settings and auto-reply rules. */
export interface CompanyAiState {
  settings: AiReplySettings;
  rules: AutoReplyRule[];
}

type Actor = { userId: string | null; name: string };

export type CompanyAiCommand =
  | { type: 'SaveAiSettings'; companyId: string; settings: AiReplySettings; by: Actor }
  | { type: 'SaveAutoReplyRules'; companyId: string; rules: AutoReplyRule[]; by: Actor };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const companyAiDecider: Decider<CompanyAiState, CompanyAiCommand, ReviewsAiEvent> = {
  initialState: () => ({ settings: DEFAULT_AI_REPLY_SETTINGS, rules: [] }),
  decide(command, state) {
    switch (command.type) {
      case 'SaveAiSettings':
        return same(command.settings, state.settings)
          ? []
          : [{ type: 'ReviewAiSettingsSaved', data: { companyId: command.companyId, ...command.settings, savedBy: command.by } }];
      case 'SaveAutoReplyRules':
        return same(command.rules, state.rules)
          ? []
          : [{ type: 'AutoReplyRulesSaved', data: { companyId: command.companyId, rules: command.rules, savedBy: command.by } }];
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    if (event.type === 'ReviewAiSettingsSaved') {
      const { companyId: _c, savedBy: _b, ...settings } = event.data;
      return { ...state, settings };
    }
    if (event.type === 'AutoReplyRulesSaved') return { ...state, rules: event.data.rules };
    return state;
  },
};

/** Aggregate `brand-<companyId>`: the company's brand for replies. */
export type BrandState = BrandSettings | null;
export type BrandCommand = { type: 'SaveBrandSettings'; companyId: string; brand: BrandSettings; by: Actor };

export const brandDecider: Decider<BrandState, BrandCommand, ReviewsAiEvent> = {
  initialState: () => null,
  decide(command, state) {
    if (state && same(command.brand, state)) return [];
    const event: ReviewsAiEventOf<'BrandSettingsSaved'> = {
      type: 'BrandSettingsSaved',
      data: { companyId: command.companyId, ...command.brand, savedBy: command.by },
    };
    return [event];
  },
  evolve(state, event) {
    if (event.type !== 'BrandSettingsSaved') return state;
    const { companyId: _c, savedBy: _b, ...brand } = event.data;
    return brand;
  },
};
