import { settingsMessages } from '@locus/contracts';
import { ok, type RequestContext } from '@locus/platform';

/** What the settings routes read of a request. */
export type Req = Pick<RequestContext, 'auth' | 'correlationId' | 'requestId'>;

/** The answer to a saved variable: its id and the position to wait for. */
export const saved = (id: string, position: number | undefined) => ok({ Id: id }, { message: settingsMessages.saved, position });

export const emptyToNull = (s: string | null | undefined) => (s === undefined || s === null || s.trim() === '' ? null : s);
