import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { startSessionAndGo } from '@web/shared/session/session-actions';
import { toast } from '@web/shared/ui/toaster';
import { useResendOtpMutation, useVerifyOtpMutation } from '../api/identity-api';
import { identityTexts as t, OTP_LENGTH, OTP_RESEND_INTERVAL_SECONDS } from '../constants';
import { formatRemaining, isOtpComplete, resendWaitSeconds, sanitizeOtp } from '../validation';

/** A pending code: the login's challenge id, when its code stops working, when it was mailed (ms). */
export interface OtpChallenge {
  id: string;
  expiresAt: string | null;
  sentAt: number;
}

/** The clock, once a second, while `active`. */
const useNow = (active: boolean) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
};

/**
 * The administrator's second step: the emailed 6-digit code, with what is left of its validity
 * and a Resend link (paced like the server: one new code per 30 seconds).
 */
export const OtpDialog = ({ challenge, onClose }: { challenge: OtpChallenge | null; onClose: () => void }) => {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expiresAt, setExpiresAt] = useState<string | null>(null);
  const [sentAt, setSentAt] = useState(0);
  const [verify, state] = useVerifyOtpMutation();
  const [resend, resendState] = useResendOtpMutation();
  const now = useNow(challenge !== null);
  useEffect(() => {
    setCode('');
    setError(null);
    setExpiresAt(challenge?.expiresAt ?? null);
    setSentAt(challenge?.sentAt ?? 0);
  }, [challenge]);

  const remainingMs = expiresAt ? Date.parse(expiresAt) - now : null;
  const expired = remainingMs !== null && remainingMs <= 0;
  const resendWait = resendWaitSeconds(sentAt, now, OTP_RESEND_INTERVAL_SECONDS);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!challenge || !isOtpComplete(code)) return;
    setError(null);
    try {
      const res = await verify({ code, OtpChallengeId: challenge.id }).unwrap();
      startSessionAndGo(res.Token);
    } catch (err) {
      setError(failureMessage(err, t.genericFailure));
    }
  };

  const sendAgain = async () => {
    if (!challenge) return;
    setError(null);
    try {
      const res = await resend({ OtpChallengeId: challenge.id }).unwrap();
      setExpiresAt(res.OtpExpiresAt);
      setSentAt(Date.now());
      setCode('');
      toast.success(res.ResponseMessage || t.otpResent);
    } catch (err) {
      setError(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen={challenge !== null} title={t.otpTitle} onClose={onClose} canOutsideClickClose={false}>
      <form onSubmit={submit}>
        <DialogBody>
          <p>{t.otpPrompt}</p>
          <FormGroup
            label={t.otpLabel}
            labelFor="otp-code"
            helperText={remainingMs === null ? undefined : expired ? t.otpExpiredResend : t.otpValidFor(formatRemaining(remainingMs))}
            intent={expired ? 'danger' : 'none'}
          >
            <InputGroup
              id="otp-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              value={code}
              onValueChange={(v) => setCode(sanitizeOtp(v))}
              autoFocus
            />
          </FormGroup>
          {error ? (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter actions={<Button type="submit" intent="primary" text={t.verify} disabled={!isOtpComplete(code) || expired} loading={state.isLoading} />}>
          <Button
            variant="minimal"
            intent="primary"
            icon="refresh"
            text={resendWait > 0 ? t.resendCodeIn(resendWait) : t.resendCode}
            disabled={resendWait > 0}
            loading={resendState.isLoading}
            onClick={() => void sendAgain()}
          />
        </DialogFooter>
      </form>
    </Dialog>
  );
};
