import { Button, Dialog, DialogBody, DialogFooter, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { failureMessage } from '@web/shared/lib/envelope';
import { useAzureCallbackMutation } from '../api/users-api';
import { userTexts as t } from '../constants';

type Outcome = { ok: true; message: string } | { ok: false; message: string };

/** /companies/azure-connect: Microsoft sends code and state (or error, error_description) here. */
export default function AzureConnectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [callback] = useAzureCallbackMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const error = params.get('error');
    if (error) {
      setOutcome({ ok: false, message: params.get('error_description') || error });
      return;
    }
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state) {
      setOutcome({ ok: false, message: t.notConnected });
      return;
    }
    callback({ Code: code, State: state })
      .unwrap()
      .then((res) => setOutcome({ ok: true, message: res.ResponseMessage || t.connected }))
      .catch((err: unknown) => setOutcome({ ok: false, message: failureMessage(err, t.genericFailure) }));
  }, [callback, params]);

  return (
    <>
      {outcome ? null : <NonIdealState icon={<Spinner />} title={t.callbackWorking} />}
      <Dialog
        isOpen={outcome !== null}
        title={outcome?.ok ? t.confirmationTitle : t.errorTitle}
        isCloseButtonShown={false}
        style={{ width: '30vw', minWidth: 320 }}
      >
        <DialogBody>
          <p>{outcome?.message}</p>
        </DialogBody>
        <DialogFooter actions={<Button intent="primary" text={t.seeUsers} onClick={() => navigate('/azure-accounts')} />} />
      </Dialog>
    </>
  );
}
