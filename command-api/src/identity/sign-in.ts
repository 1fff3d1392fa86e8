import {
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  authMessages as m,
  loginRoute,
  otpChallengeStream,
  resendOtpRoute,
  userStream,
  verifyOtpRoute,
  type EventMetadata,
  authErrors,
} from '@locus/contracts';
import { implement, type CommandDeps, type AnyRequest, type RouteImplementation, fail } from '@locus/platform';
import { eventMetadata, loadStream, maxPosition, runCommand } from '../kit';
import { findUserByEmail, normalizeEmail, requireUser, userDecider, type ExistingUser } from '../users/public';
import { verifyPassword } from '../kit/passwords';
import { claimsFor, loadCompanyState } from './claims';
import { otpChallengeDecider } from './otp-challenge';
import type { IdentitySecrets } from '../kit/secrets';
import type { IdentityThrottles } from './throttles';

const invalidCredentials = () => fail(authErrors.invalidCredentials);

/** Metadata of sign-in events: the password (or code) proved who acts. */
const signInMetadata = (req: Pick<AnyRequest, 'auth' | 'correlationId' | 'requestId'>, deps: CommandDeps, user: ExistingUser): EventMetadata => ({
  ...eventMetadata(req, user.companyId, deps.clock),
  actor: { userId: user.userId, role: user.role },
});

/** Refuses deactivated accounts and members of a deactivated or deleted company (after the password matched). */
async function assertMayUseAccount(deps: CommandDeps, user: ExistingUser): Promise<void> {
  if (user.status !== 'active') throw fail(authErrors.accountDeactivated);
  if (user.companyId) {
    const company = await loadCompanyState(deps.eventStore, user.companyId);
    if (company.status === 'none' || company.status === 'deleted') throw invalidCredentials();
    if (company.status === 'deactivated') throw fail(authErrors.companyDeactivated);
  }
}

export function signInRoutes(deps: CommandDeps, secrets: IdentitySecrets, throttles: IdentityThrottles): RouteImplementation[] {
  const login = implement(loginRoute, async (req) => {
    const email = normalizeEmail(req.body.UserName);
    await throttles.loginAttempt(email, req.ip);

    // Unknown emails run the same password check against a dummy hash: same answer, similar time.
    const found = await findUserByEmail(deps.eventStore, email);
    const user = found && (found.state.status === 'active' || found.state.status === 'deactivated') ? found.state : null;
    const passwordOk = await verifyPassword(user?.passwordHash ?? null, req.body.Password);
    if (!user || !passwordOk) throw invalidCredentials();
    await throttles.loginSucceeded(email, req.ip);
    await assertMayUseAccount(deps, user);
    const flags = { IsAdministrator: user.role === 'Administrator', IsCompanyAdmin: user.role === 'CompanyAdmin', IsCompanyUser: user.role === 'CompanyUser' };

    if (user.role === 'Administrator') {
      const challengeId = deps.ids.uuid();
      const code = secrets.newOtpCode();
      const expiresAt = new Date(deps.clock.now().getTime() + OTP_TTL_SECONDS * 1000).toISOString();
      const { position } = await runCommand(
        deps,
        otpChallengeStream(challengeId),
        otpChallengeDecider,
        {
          type: 'IssueOtp',
          data: {
            challengeId,
            userId: user.userId,
            email: user.email,
            codeHash: secrets.hashOtp(challengeId, code),
            sealedCode: secrets.seal(code, challengeId),
            expiresAt,
            maxAttempts: OTP_MAX_ATTEMPTS,
          },
        },
        signInMetadata(req, deps, user),
      );
      return { body: { Success: true, ...flags, OtpChallengeId: challengeId, OtpExpiresAt: expiresAt, ResponseMessage: m.otpSent }, position };
    }

    const issued = await deps.tokens.issue(await claimsFor(deps.eventStore, user));
    const { position } = await runCommand(
      deps,
      userStream(user.userId),
      userDecider,
      { type: 'RecordLogin', data: { tokenId: issued.tokenId, method: 'password' } },
      signInMetadata(req, deps, user),
    );
    return { body: { Success: true, ...flags, Token: issued.token, ResponseMessage: m.loginSucceeded }, position };
  });

  const verifyOtp = implement(verifyOtpRoute, async (req) => {
    await throttles.otpAttempt(req.ip);
    const challengeId = req.body.OtpChallengeId;
    const stream = otpChallengeStream(challengeId);
    const challenge = await loadStream(deps.eventStore, stream, otpChallengeDecider);
    if (challenge.state.status === 'none') throw fail(authErrors.otpInvalid);
    const codeMatches = secrets.matches(challenge.state.codeHash, secrets.hashOtp(challengeId, req.params.code));

    const userLoaded = await loadStream(deps.eventStore, userStream(challenge.state.userId), userDecider);
    const user = requireUser(userLoaded.state);
    const metadata = signInMetadata(req, deps, user);

    // The token is signed only for a matching code and handed out only if OtpVerified is stored.
    const issued = codeMatches ? await deps.tokens.issue(await claimsFor(deps.eventStore, user)) : null;
    const verified = await runCommand(
      deps,
      stream,
      otpChallengeDecider,
      { type: 'VerifyOtp', data: { challengeId, codeMatches, now: deps.clock.now().toISOString(), tokenId: issued?.tokenId ?? '' } },
      metadata,
    );
    const outcome = verified.events[0]!;
    if (outcome.type === 'OtpFailed') {
      if (outcome.data.attempt >= OTP_MAX_ATTEMPTS) throw fail(authErrors.otpExhausted);
      throw fail(authErrors.otpInvalid);
    }
    await assertMayUseAccount(deps, user);
    const login = await runCommand(
      deps,
      userStream(user.userId),
      userDecider,
      { type: 'RecordLogin', data: { tokenId: issued!.tokenId, method: 'otp' } },
      metadata,
    );
    return { body: { Success: true, Token: issued!.token, ResponseMessage: m.otpVerified }, position: maxPosition(verified.position, login.position) };
  });

  // Resend: a new code for a pending challenge, paced and capped by the challenge's own stream.
  const resendOtp = implement(resendOtpRoute, async (req) => {
    await throttles.otpAttempt(req.ip);
    const challengeId = req.body.OtpChallengeId;
    const stream = otpChallengeStream(challengeId);
    const challenge = await loadStream(deps.eventStore, stream, otpChallengeDecider);
    if (challenge.state.status === 'none') throw fail(authErrors.otpInvalid);
    const user = requireUser((await loadStream(deps.eventStore, userStream(challenge.state.userId), userDecider)).state);
    const code = secrets.newOtpCode();
    const now = deps.clock.now();
    const expiresAt = new Date(now.getTime() + OTP_TTL_SECONDS * 1000).toISOString();
    const { position } = await runCommand(
      deps,
      stream,
      otpChallengeDecider,
      {
        type: 'ResendOtp',
        data: { challengeId, codeHash: secrets.hashOtp(challengeId, code), sealedCode: secrets.seal(code, challengeId), expiresAt, now: now.toISOString() },
      },
      signInMetadata(req, deps, user),
    );
    return { body: { Success: true, OtpExpiresAt: expiresAt, ResponseMessage: m.otpResent }, position };
  });

  return [login, verifyOtp, resendOtp];
}
