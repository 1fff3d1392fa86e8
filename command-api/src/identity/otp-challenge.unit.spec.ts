import { describe, it } from 'vitest';
import type { OtpChallengeEvent } from '@locus/contracts';
import { deciderSpec } from '../users/testing/decider-spec';
import { otpChallengeDecider } from './otp-challenge';

const spec = deciderSpec(otpChallengeDecider);
const issued: OtpChallengeEvent = {
  type: 'OtpIssued',
  data: { challengeId: 'ch1', userId: 'admin', email: 'a@x.example', codeHash: 'h', sealedCode: 's', expiresAt: '2025-01-01T10:10:00.000Z', maxAttempts: 5 },
};
const verify = (codeMatches: boolean, now = '2025-01-01T10:05:00.000Z') => ({ type: 'VerifyOtp' as const, data: { challengeId: 'ch1', codeMatches, now, tokenId: 't1' } });
const failed = (attempt: number): OtpChallengeEvent => ({ type: 'OtpFailed', data: { challengeId: 'ch1', userId: 'admin', attempt } });

describe('OTP challenge decider', () => {
  it('verifies a matching code once', () => {
    spec.given([issued]).when(verify(true)).then([{ type: 'OtpVerified', data: { challengeId: 'ch1', userId: 'admin', tokenId: 't1' } }]);
    spec.given([issued, { type: 'OtpVerified', data: { challengeId: 'ch1', userId: 'admin', tokenId: 't1' } }]).when(verify(true)).thenThrows({ code: 'AUTH.OTP_INVALID' });
  });
  it('records a wrong code as a numbered failure', () => {
    spec.given([issued, failed(1)]).when(verify(false)).then([failed(2)]);
  });
  it('is void after the fifth failure, even for the right code', () => {
    spec.given([issued, failed(1), failed(2), failed(3), failed(4), failed(5)]).when(verify(true)).thenThrows({ code: 'AUTH.OTP_EXHAUSTED' });
  });
  it('expires', () => {
    spec.given([issued]).when(verify(true, '2025-01-01T10:10:00.000Z')).thenThrows({ code: 'AUTH.OTP_EXPIRED' });
  });
  it('knows no unknown challenge', () => {
    spec.given([]).when(verify(true)).thenThrows({ code: 'AUTH.OTP_INVALID' });
  });
});
