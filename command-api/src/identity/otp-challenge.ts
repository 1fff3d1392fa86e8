import { authMessages, type OtpChallengeEvent } from '@locus/contracts';
import { unauthenticated } from '@locus/platform';
import type { Decider } from '../users/aggregate';

/** An Administrator's one-time code: single use, expires, void after `maxAttempts` wrong codes. */
export type OtpChallengeState =
  | { status: 'none' }
  | { status: 'pending' | 'verified'; userId: string; codeHash: string; expiresAt: string; maxAttempts: number; failures: number };

export type OtpChallengeCommand =
  | { type: 'IssueOtp'; data: Extract<OtpChallengeEvent, { type: 'OtpIssued' }>['data'] }
  /** codeMatches is computed by the caller (keyed hash compare); now decides expiry. */
  | { type: 'VerifyOtp'; data: { challengeId: string; codeMatches: boolean; now: string; tokenId: string } };

export const initialOtpChallengeState = (): OtpChallengeState => ({ status: 'none' });

export function evolveOtpChallenge(state: OtpChallengeState, event: OtpChallengeEvent): OtpChallengeState {
  switch (event.type) {
    case 'OtpIssued':
      return {
        status: 'pending',
        userId: event.data.userId,
        codeHash: event.data.codeHash,
        expiresAt: event.data.expiresAt,
        maxAttempts: event.data.maxAttempts,
        failures: 0,
      };
    case 'OtpFailed':
      return state.status === 'none' ? state : { ...state, failures: state.failures + 1 };
    case 'OtpVerified':
      return state.status === 'none' ? state : { ...state, status: 'verified' };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

const invalid = () => unauthenticated('AUTH.OTP_INVALID', authMessages.otpInvalid);

/**
 * Wrong code → OtpFailed (the handler appends it, then answers 401). The stream's expected
 * revision serialises guesses, so parallel requests cannot exceed the attempt cap.
 */
export function decideOtpChallenge(command: OtpChallengeCommand, state: OtpChallengeState): OtpChallengeEvent[] {
  switch (command.type) {
    case 'IssueOtp':
      if (state.status !== 'none') throw invalid();
      return [{ type: 'OtpIssued', data: command.data }];
    case 'VerifyOtp': {
      if (state.status !== 'pending') throw invalid();
      if (Date.parse(state.expiresAt) <= Date.parse(command.data.now)) throw unauthenticated('AUTH.OTP_EXPIRED', authMessages.otpExpired);
      if (state.failures >= state.maxAttempts) throw unauthenticated('AUTH.OTP_EXHAUSTED', authMessages.otpExhausted);
      if (!command.data.codeMatches) {
        return [{ type: 'OtpFailed', data: { challengeId: command.data.challengeId, userId: state.userId, attempt: state.failures + 1 } }];
      }
      return [{ type: 'OtpVerified', data: { challengeId: command.data.challengeId, userId: state.userId, tokenId: command.data.tokenId } }];
    }
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}

export const otpChallengeDecider: Decider<OtpChallengeState, OtpChallengeCommand, OtpChallengeEvent> = {
  initialState: initialOtpChallengeState,
  evolve: evolveOtpChallenge,
  decide: decideOtpChallenge,
};
