import { settingsMessages, SYSTEM_ACTOR, type EventMetadata } from '@locus/contracts';
import { ok, type CommandDeps, type RequestContext } from '@locus/platform';

/** What the settings routes read of a request. */
export type Req = Pick<RequestContext, 'auth' | 'correlationId' | 'requestId'>;

/** The answer to a saved variable: its id and the position to wait for. */
export const saved = (id: string, position: number | undefined) => ok({ Id: id }, { message: settingsMessages.saved, position });

export const emptyToNull = (s: string | null | undefined) => (s === undefined || s === null || s.trim() === '' ? null : s);

export const systemMetadata = (clock: CommandDeps['clock'], correlationId: string, causationId: string | null, companyId: string | null): EventMetadata => ({
  companyId,
  actor: SYSTEM_ACTOR,
  correlationId,
  causationId,
  occurredAt: clock.now().toISOString(),
});
