import { OverlayToaster, Position, type Intent, type Toaster } from '@blueprintjs/core';

let toasterPromise: Promise<Toaster> | null = null;
const getToaster = () => (toasterPromise ??= OverlayToaster.create({ position: Position.BOTTOM_RIGHT, maxToasts: 5 }));

const show = (intent: Intent, message: string, icon: 'tick-circle' | 'info-sign' | 'warning-sign' | 'error') => {
  void getToaster().then((t) => t.show({ message, intent, icon, timeout: 5000 }));
};

/** Toasts bottom-right (spec shell): Success, Info, Warning, Error. */
export const toast = {
  success: (message: string) => show('success', message, 'tick-circle'),
  info: (message: string) => show('primary', message, 'info-sign'),
  warning: (message: string) => show('warning', message, 'warning-sign'),
  error: (message: string) => show('danger', message, 'error'),
};
