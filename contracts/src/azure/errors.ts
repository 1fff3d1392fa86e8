import { defineErrors } from '../errors';
import { azureMessages as m } from './routes';

/** Azure directory error codes: one code, one message, one kind. */
export const azureErrors = defineErrors({
  noCredentials: { code: 'AZURE.NO_CREDENTIALS', kind: 'rule', message: m.noCredentials },
  notConnected: { code: 'AZURE.NOT_CONNECTED', kind: 'rule', message: m.notConnected },
  credentialsChanged: {
    code: 'AZURE.CREDENTIALS_CHANGED',
    kind: 'conflict',
    message: 'The Azure credentials changed during the sign-in; please connect again',
  },
  alreadyConnected: { code: 'AZURE.USER_ALREADY_CONNECTED', kind: 'conflict', message: (name: string) => `${name} has already been added to your agency` },
  cannotDecrypt: { code: 'AZURE.CANNOT_DECRYPT', kind: 'rule', message: 'The stored Azure credentials cannot be decrypted; please save them again' },
  connectFailed: { code: 'AZURE.CONNECT_FAILED', kind: 'rule', message: (reason: string) => `Microsoft refused the request: ${reason}` },
  invalidState: { code: 'AZURE.INVALID_STATE', kind: 'validation', message: 'The sign-in request has expired or is not yours; please connect again' },
  directoryUserNotFound: { code: 'AZURE.DIRECTORY_USER_NOT_FOUND', kind: 'not_found', message: 'The directory user was not found in your Azure directory' },
  unavailable: { code: 'AZURE.UNAVAILABLE', kind: 'unavailable', message: 'Microsoft could not be reached; please try again later' },
  badResponse: {
    code: 'AZURE.BAD_RESPONSE',
    kind: 'unavailable',
    message: (what: string) => `Microsoft answered ${what} unexpectedly; please try again later`,
  },
  insufficientPrivileges: {
    code: 'AZURE.INSUFFICIENT_PRIVILEGES',
    kind: 'rule',
    message: 'The Azure app is not allowed to read the directory users (User.Read.All consent is needed)',
  },
});
