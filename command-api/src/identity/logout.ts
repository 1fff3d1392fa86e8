import { authMessages, logoutRoute, sessionStream, type SessionEvent } from '@locus/contracts';
import { implement, type CommandDeps, type RouteImplementation } from '@locus/platform';
import { eventMetadata, runCommand } from '../kit';
import type { Decider } from '../kit/decider';

interface SessionState {
  ended: boolean;
}
type EndSession = { type: 'EndSession'; data: { userId: string; companyId: string | null; tokenId: string } };

/** A session ends once: logging out again (another tab, a retry) appends nothing. */
export const sessionDecider: Decider<SessionState, EndSession, SessionEvent> = {
  initialState: () => ({ ended: false }),
  evolve: (state, event) => (event.type === 'SessionEnded' ? { ended: true } : state),
  decide: (command, state) => (state.ended ? [] : [{ type: 'SessionEnded', data: command.data }]),
};

/** `POST /api/auth/logout`: the session-blocks projection then refuses the token and the live route closes its streams. */
export function logoutRoutes(deps: CommandDeps): RouteImplementation[] {
  return [
    implement(logoutRoute, async (req) => {
      const auth = req.auth!;
      const { position } = await runCommand(
        deps,
        sessionStream(auth.tokenId),
        sessionDecider,
        { type: 'EndSession', data: { userId: auth.userId, companyId: auth.companyId, tokenId: auth.tokenId } },
        eventMetadata(req, auth.companyId, deps.clock),
      );
      return { body: { Success: true as const, ResponseMessage: authMessages.loggedOut }, position };
    }),
  ];
}
