import { Button, Checkbox, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

export const CONFIRMATION_TITLE = 'Confirmation';
export const DEFAULT_CONFIRMATION_MESSAGE = 'Are you sure you want to proceed?';

export interface ConfirmRequest {
  message?: string;
  title?: string;
  /** An extra checkbox, e.g. 'Delete from Google My Business?'. */
  option?: string;
}
export interface ConfirmResult {
  confirmed: boolean;
  optionChecked: boolean;
}

type Ask = (request?: ConfirmRequest) => Promise<ConfirmResult>;
const ConfirmContext = createContext<Ask | null>(null);

interface Pending {
  request: ConfirmRequest;
  resolve: (r: ConfirmResult) => void;
}

/** The shared confirmation dialog: title Confirmation, Cancel and Confirm, 30vw wide. */
export const ConfirmProvider = ({ children }: { children: ReactNode }) => {
  const [pending, setPending] = useState<Pending | null>(null);
  const [checked, setChecked] = useState(false);
  const pendingRef = useRef<Pending | null>(null);

  const ask = useCallback<Ask>(
    (request = {}) =>
      new Promise<ConfirmResult>((resolve) => {
        pendingRef.current?.resolve({ confirmed: false, optionChecked: false });
        const next = { request, resolve };
        pendingRef.current = next;
        setChecked(false);
        setPending(next);
      }),
    [],
  );

  const finish = (confirmed: boolean) => {
    pendingRef.current?.resolve({ confirmed, optionChecked: confirmed && checked });
    pendingRef.current = null;
    setPending(null);
  };

  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      {/* Mounted per question: Blueprint keeps an overlay's portal once opened, so a kept one
          would sit under any dialog opened after it (a second Set Value's confirmation could not be clicked). */}
      {pending ? (
        <Dialog isOpen title={pending.request.title ?? CONFIRMATION_TITLE} onClose={() => finish(false)} style={{ width: '30vw', minWidth: 320 }}>
          <DialogBody>
            <p>{pending.request.message ?? DEFAULT_CONFIRMATION_MESSAGE}</p>
            {pending.request.option ? (
              <Checkbox checked={checked} label={pending.request.option} onChange={(e) => setChecked(e.currentTarget.checked)} />
            ) : null}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Cancel" onClick={() => finish(false)} />
                <Button text="Confirm" intent="primary" onClick={() => finish(true)} />
              </>
            }
          />
        </Dialog>
      ) : null}
    </ConfirmContext.Provider>
  );
};

/** `await confirm({ message })` resolves true when the user pressed Confirm. */
export const useConfirm = () => {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs ConfirmProvider');
  return {
    confirm: async (message?: string, title?: string) => (await ask({ message, title })).confirmed,
    confirmWithOption: ask,
  };
};
