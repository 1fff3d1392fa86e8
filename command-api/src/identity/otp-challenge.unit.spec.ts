import { describe, it } from 'vitest';
import type { OtpChallengeEvent } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { otpChallengeDecider } from './otp-challenge';

const spec = deciderSpec(otpChallengeDecider);
const issued: OtpChallengeEvent = {
  type: 'OtpIssued',
  data: { challengeId: 'ch1', userId: 'admin', email: 'a@x.example', codeHash: 'h', sealedCode: 's', expiresAt: '2025-01-01T10:10:00.000Z', maxAttempts: 5 },
};
const verify = (codeMatches: boolean, now = '2025-01-01T10:05:00.000Z') => ({
  type: 'VerifyOtp' as const,
  data: { challengeId: 'ch1', codeMatches, now, tokenId: 't1' },
});
const failed = (attempt: number): OtpChallengeEvent => ({ type: 'OtpFailed', data: { challengeId: 'ch1', userId: 'admin', attempt } });

describe('OTP challenge decider', () => {
  it('verifies a matching code once', () => {
    spec
      .given([issued])
      .when(verify(true))
      .then([{ type: 'OtpVerified', data: { challengeId: 'ch1', userId: 'admin', tokenId: 't1' } }]);
    spec
      .given([issued, { type: 'OtpVerified', data: { challengeId: 'ch1', userId: 'admin', tokenId: 't1' } }])
      .when(verify(true))
      .thenThrows({ code: 'AUTH.OTP_INVALID' });
  });
  it('records a wrong code as a numbered failure', () => {
    spec
      .given([issued, failed(1)])
      .when(verify(false))
      .then([failed(2)]);
  });
  it('is void after the fifth failure, even for the right code', () => {
    spec
      .given([issued, failed(1), failed(2), failed(3), failed(4), failed(5)])
      .when(verify(true))
      .thenThrows({ code: 'AUTH.OTP_EXHAUSTED' });
  });
  it('expires', () => {
    spec.given([issued]).when(verify(true, '2025-01-01T10:10:00.000Z')).thenThrows({ code: 'AUTH.OTP_EXPIRED' });
  });
  it('knows no unknown challenge', () => {
    spec.given([]).when(verify(true)).thenThrows({ code: 'AUTH.OTP_INVALID' });
  });

  describe('resend', () => {
    // issued at 10:00 (expires 10:10); a resend at `now` with a new code valid ten minutes
    const resend = (now: string) => ({
      type: 'ResendOtp' as const,
      data: { challengeId: 'ch1', codeHash: 'h2', sealedCode: 's2', expiresAt: new Date(Date.parse(now) + 600_000).toISOString(), now },
    });
    const resent = (now: string): OtpChallengeEvent => ({
      type: 'OtpResent',
      data: {
        challengeId: 'ch1',
        userId: 'admin',
        email: 'a@x.example',
        codeHash: 'h2',
        sealedCode: 's2',
        expiresAt: new Date(Date.parse(now) + 600_000).toISOString(),
        resentAt: now,
      },
    });

    it('mails a new code for a pending challenge 30 seconds after the last one', () => {
      spec
        .given([issued])
        .when(resend('2025-01-01T10:00:30.000Z'))
        .then([resent('2025-01-01T10:00:30.000Z')]);
    });
    it('refuses a resend sooner than 30 seconds after the last code, saying how long to wait', () => {
      spec.given([issued]).when(resend('2025-01-01T10:00:10.000Z')).thenThrows({ code: 'AUTH.OTP_RESEND_TOO_SOON' });
      spec
        .given([issued, resent('2025-01-01T10:01:00.000Z')])
        .when(resend('2025-01-01T10:01:20.000Z'))
        .thenThrows({ code: 'AUTH.OTP_RESEND_TOO_SOON' });
    });
    it('sends at most three new codes per challenge', () => {
      const three = [resent('2025-01-01T10:01:00.000Z'), resent('2025-01-01T10:02:00.000Z'), resent('2025-01-01T10:03:00.000Z')];
      spec
        .given([issued, ...three])
        .when(resend('2025-01-01T10:05:00.000Z'))
        .thenThrows({ code: 'AUTH.OTP_RESEND_LIMIT' });
    });
    it('verifies against the new code and its new expiry', () => {
      // the first code expired at 10:10; the one resent at 10:09 lasts until 10:19
      spec
        .given([issued, resent('2025-01-01T10:09:00.000Z')])
        .when(verify(true, '2025-01-01T10:15:00.000Z'))
        .then([{ type: 'OtpVerified', data: { challengeId: 'ch1', userId: 'admin', tokenId: 't1' } }]);
    });
    it('does not resend for a used or exhausted challenge', () => {
      spec
        .given([issued, { type: 'OtpVerified', data: { challengeId: 'ch1', userId: 'admin', tokenId: 't1' } }])
        .when(resend('2025-01-01T10:05:00.000Z'))
        .thenThrows({ code: 'AUTH.OTP_INVALID' });
      spec
        .given([issued, failed(1), failed(2), failed(3), failed(4), failed(5)])
        .when(resend('2025-01-01T10:05:00.000Z'))
        .thenThrows({ code: 'AUTH.OTP_EXHAUSTED' });
    });
  });
});
