import { defineErrors } from '../errors';
import { googleWorkspaceMessages as m } from './routes';

/** Google Workspace directory error codes: one code, one message, one kind. */
export const googleWorkspaceErrors = defineErrors({
  notConnected: { code: 'GOOGLE_WORKSPACE.NOT_CONNECTED', kind: 'rule', message: m.notConnected },
  notAuthorized: { code: 'GOOGLE_WORKSPACE.NOT_AUTHORIZED', kind: 'rule', message: m.notAdmin },
  invalidState: {
    code: 'GOOGLE_WORKSPACE.INVALID_STATE',
    kind: 'validation',
    message: 'The sign-in request has expired or is not yours; please connect again',
  },
  userNotFound: { code: 'GOOGLE_WORKSPACE.USER_NOT_FOUND', kind: 'not_found', message: m.userNotInDirectory },
  alreadyAdded: { code: 'GOOGLE_WORKSPACE.ALREADY_ADDED', kind: 'conflict', message: 'This directory user is already in your agency.' },
});
