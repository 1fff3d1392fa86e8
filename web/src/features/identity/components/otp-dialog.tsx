import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { startSessionAndGo } from '@web/shared/session/session-actions';
import { useVerifyOtpMutation } from '../api/identity-api';
import { identityTexts as t, OTP_LENGTH } from '../constants';
import { isOtpComplete, sanitizeOtp } from '../validation';

/** The administrator's second step: the emailed 6-digit code. */
export const OtpDialog = ({ challengeId, onClose }: { challengeId: string | null; onClose: () => void }) => {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verify, state] = useVerifyOtpMutation();
  useEffect(() => {
    setCode('');
    setError(null);
  }, [challengeId]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!challengeId || !isOtpComplete(code)) return;
    setError(null);
    try {
      const res = await verify({ code, ChallengeId: challengeId }).unwrap();
      startSessionAndGo(res.Token);
    } catch (err) {
      setError(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen={challengeId !== null} title={t.otpTitle} onClose={onClose} canOutsideClickClose={false}>
      <form onSubmit={submit}>
        <DialogBody>
          <p>{t.otpPrompt}</p>
          <FormGroup label={t.otpLabel} labelFor="otp-code">
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
        <DialogFooter
          actions={<Button type="submit" intent="primary" text={t.verify} disabled={!isOtpComplete(code)} loading={state.isLoading} />}
        />
      </form>
    </Dialog>
  );
};
