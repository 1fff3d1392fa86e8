import { defineErrors } from '../errors';

/** Mail notifications: the unsubscribe link. */
export const notificationErrors = defineErrors({
  noCompany: { code: 'NOTIFICATIONS.NO_COMPANY', kind: 'not_found', message: 'No company is selected' },
  linkInvalid: {
    code: 'NOTIFICATIONS.LINK_INVALID',
    kind: 'not_found',
    message: 'This unsubscribe link is not valid. Please use the link from a recent Locus email.',
  },
});
