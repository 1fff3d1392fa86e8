import { OTP_MAX_RESENDS, OTP_RESEND_INTERVAL_SECONDS, OTP_TTL_SECONDS, type OtpChallengeEvent, authErrors } from '@locus/contracts';
import { fail } from '@locus/platform/ports';
import type { Decider } from '../kit/decider';

/** An Administrator's one-time code: single use, expires, void after `maxAttempts` wrong codes. */
export type OtpChallengeState =
  | { status: 'none' }
  | {
      status: 'pending' | 'verified';
      userId: string;
      email: string;
      codeHash: string;
      expiresAt: string;
      maxAttempts: number;
      failures: number;
      /** When the current code was mailed, and how many times a new one was asked for. */
      sentAt: string;
      resends: number;
    };

export type OtpChallengeCommand =
  | { type: 'IssueOtp'; data: Extract<OtpChallengeEvent, { type: 'OtpIssued' }>['data'] }
  /** A fresh code (hashed and sealed by the caller) replacing the pending one. */
  | { type: 'ResendOtp'; data: { challengeId: string; codeHash: string; sealedCode: string; expiresAt: string; now: string } }
  /** codeMatches is computed by the caller (keyed hash compare); now decides expiry. */
  | { type: 'VerifyOtp'; data: { challengeId: string; codeMatches: boolean; now: string; tokenId: string } };

export const initialOtpChallengeState = (): OtpChallengeState => ({ status: 'none' });

export function evolveOtpChallenge(state: OtpChallengeState, event: OtpChallengeEvent): OtpChallengeState {
  switch (event.type) {
    case 'OtpIssued':
      return {
        status: 'pending',
        userId: event.data.userId,
        email: event.data.email,
        codeHash: event.data.codeHash,
        expiresAt: event.data.expiresAt,
        maxAttempts: event.data.maxAttempts,
        failures: 0,
        // OtpIssued carries no time of its own: the code was mailed one lifetime before it expires
        sentAt: new Date(Date.parse(event.data.expiresAt) - OTP_TTL_SECONDS * 1000).toISOString(),
        resends: 0,
      };
    case 'OtpResent':
      return state.status === 'none'
        ? state
        : { ...state, codeHash: event.data.codeHash, expiresAt: event.data.expiresAt, sentAt: event.data.resentAt, resends: state.resends + 1 };
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

const invalid = () => fail(authErrors.otpInvalid);

/**
 * Wrong code → OtpFailed (the handler appends it, then answers 401). The stream's expected
 * revision serialises guesses, so parallel requests cannot exceed the attempt cap.
 */
export function decideOtpChallenge(command: OtpChallengeCommand, state: OtpChallengeState): OtpChallengeEvent[] {
  switch (command.type) {
    case 'IssueOtp':
      if (state.status !== 'none') throw invalid();
      return [{ type: 'OtpIssued', data: command.data }];
    case 'ResendOtp': {
      if (state.status !== 'pending') throw invalid();
      if (state.failures >= state.maxAttempts) throw fail(authErrors.otpExhausted);
      if (state.resends >= OTP_MAX_RESENDS) throw fail(authErrors.otpResendLimit);
      const waitMs = Date.parse(state.sentAt) + OTP_RESEND_INTERVAL_SECONDS * 1000 - Date.parse(command.data.now);
      if (waitMs > 0) throw fail(authErrors.otpResendTooSoon, [], Math.ceil(waitMs / 1000));
      const { challengeId, codeHash, sealedCode, expiresAt, now } = command.data;
      return [{ type: 'OtpResent', data: { challengeId, userId: state.userId, email: state.email, codeHash, sealedCode, expiresAt, resentAt: now } }];
    }
    case 'VerifyOtp': {
      if (state.status !== 'pending') throw invalid();
      if (Date.parse(state.expiresAt) <= Date.parse(command.data.now)) throw fail(authErrors.otpExpired);
      if (state.failures >= state.maxAttempts) throw fail(authErrors.otpExhausted);
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
