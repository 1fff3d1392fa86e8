import { PASSWORD_RESET_TTL_SECONDS, authMessages as m, forgotPasswordRoute, resetPasswordRoute, userStream, authErrors } from '@locus/contracts';
import { implement, type CommandDeps, type RouteImplementation, failOn } from '@locus/platform';
import { eventMetadata, runCommand } from '../kit';
import { findUserByEmail, normalizeEmail, userDecider } from '../users/public';
import { hashPassword } from '../kit/passwords';
import type { IdentitySecrets } from '../kit/secrets';
import type { IdentityThrottles } from './throttles';

const invalidLink = () => failOn(authErrors.resetLinkInvalid, 'Token');

/**
 * Forgot password: the request answers the same whether or not the email exists; a reset link
 * (`/forget-password?email=..&token=..`) is mailed by the identity mail reactor. The token is
 * stored only as a keyed hash (plus its sealed copy for the mailer), is single-use, replaced by
 * a newer request, voided by any password change, and expires after an hour.
 */
export function passwordResetRoutes(deps: CommandDeps, secrets: IdentitySecrets, throttles: IdentityThrottles): RouteImplementation[] {
  const forgot = implement(forgotPasswordRoute, async (req) => {
    const email = normalizeEmail(req.body.Email);
    await throttles.forgotPasswordAttempt(email, req.ip);
    const found = await findUserByEmail(deps.eventStore, email);
    if (found && found.state.status === 'active') {
      const user = found.state;
      const token = secrets.newResetToken();
      const requestId = deps.ids.uuid();
      await runCommand(
        deps,
        userStream(user.userId),
        userDecider,
        {
          type: 'RequestPasswordReset',
          data: {
            requestId,
            email: user.email,
            tokenHash: secrets.hashResetToken(token),
            sealedToken: secrets.seal(token, requestId),
            expiresAt: new Date(deps.clock.now().getTime() + PASSWORD_RESET_TTL_SECONDS * 1000).toISOString(),
          },
        },
        { ...eventMetadata(req, user.companyId, deps.clock), actor: { userId: 'anonymous', role: 'Anonymous' } },
      );
    }
    // No X-Position either way: it would tell whether the email exists.
    return { body: { Success: true, ResponseMessage: m.forgotPasswordSent } };
  });

  const reset = implement(resetPasswordRoute, async (req) => {
    await throttles.resetPasswordAttempt(req.ip);
    const found = await findUserByEmail(deps.eventStore, req.body.Email);
    if (!found || found.state.status === 'none') throw invalidLink();
    const user = found.state;
    const tokenHash = secrets.hashResetToken(req.body.Token);
    if (!user.pendingReset || !secrets.matches(user.pendingReset.tokenHash, tokenHash)) throw invalidLink();
    const passwordHash = await hashPassword(req.body.NewPassword);
    const { position } = await runCommand(
      deps,
      userStream(user.userId),
      userDecider,
      { type: 'CompletePasswordReset', data: { tokenHash, passwordHash, now: deps.clock.now().toISOString() } },
      { ...eventMetadata(req, user.companyId, deps.clock), actor: { userId: user.userId, role: user.role } },
    );
    return { body: { Success: true, ResponseMessage: m.resetSucceeded }, position };
  });

  return [forgot, reset];
}
