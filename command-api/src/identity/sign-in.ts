import {
  LOGIN_ATTEMPTS_PER_MINUTE,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  authMessages as m,
  loginRoute,
  otpChallengeStream,
  userStream,
  verifyOtpRoute,
  type EventMetadata,
} from '@locus/contracts';
import { AppError, implement, rateLimited, unauthenticated, type CommandDeps, type RequestContext, type RouteImplementation } from '@locus/platform';
import { eventMetadata, loadAggregate, maxPosition, runCommand } from '../users/aggregate';
import { findUserByEmail, normalizeEmail } from '../users/email-reservation';
import { verifyPassword } from '../users/passwords';
import { requireUser, userDecider } from '../users/user-decider';
import type { ExistingUser } from '../users/user-state';
import { claimsFor, loadCompanyState } from './claims';
import { otpChallengeDecider } from './otp-challenge';
import { createRateLimiter } from './rate-limiter';
import type { IdentitySecrets } from './secrets';

interface LoginBody {
  UserName: string;
  Password: string;
}

const invalidCredentials = () => unauthenticated('AUTH.INVALID_CREDENTIALS', m.invalidCredentials);

/** Metadata of sign-in events: the password (or code) proved who acts. */
const signInMetadata = (req: Pick<RequestContext<any, any, any>, 'auth' | 'correlationId' | 'requestId'>, deps: CommandDeps, user: ExistingUser): EventMetadata => ({
  ...eventMetadata(req, user.companyId, deps.clock),
  actor: { userId: user.userId, role: user.role },
});

/** Refuses deactivated accounts and members of a deactivated or deleted company (after the password matched). */
async function assertMayUseAccount(deps: CommandDeps, user: ExistingUser): Promise<void> {
  if (user.status !== 'active') throw new AppError('forbidden', 'AUTH.ACCOUNT_DEACTIVATED', m.accountDeactivated);
  if (user.companyId) {
    const company = await loadCompanyState(deps.eventStore, user.companyId);
    if (company.status === 'none' || company.status === 'deleted') throw invalidCredentials();
    if (company.status === 'deactivated') throw new AppError('forbidden', 'AUTH.COMPANY_DEACTIVATED', m.companyDeactivated);
  }
}

export function signInRoutes(deps: CommandDeps, secrets: IdentitySecrets): RouteImplementation[] {
  const loginLimiter = createRateLimiter({ limit: LOGIN_ATTEMPTS_PER_MINUTE, windowMs: 60_000, clock: deps.clock });
  // Per address: a guess needs a challenge id (which needs the password), so this only slows noise.
  const otpLimiter = createRateLimiter({ limit: 20, windowMs: 60_000, clock: deps.clock });

  const login = implement<unknown, unknown, LoginBody>(loginRoute, async (req) => {
    const email = normalizeEmail(req.body.UserName);
    const wait = loginLimiter.hit(`${email}|${req.ip}`);
    if (wait > 0) throw rateLimited('AUTH.TOO_MANY_ATTEMPTS', m.tooManyAttempts, wait);

    // Unknown emails run the same password check against a dummy hash: same answer, similar time.
    const found = await findUserByEmail(deps.eventStore, email);
    const user = found && (found.state.status === 'active' || found.state.status === 'deactivated') ? found.state : null;
    const passwordOk = await verifyPassword(user?.passwordHash ?? null, req.body.Password);
    if (!user || !passwordOk) throw invalidCredentials();
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
      return { body: { Success: true, ...flags, OtpChallengeId: challengeId, ResponseMessage: m.otpSent }, position };
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

  const verifyOtp = implement<{ code: string }, unknown, { ChallengeId: string }>(verifyOtpRoute, async (req) => {
    const wait = otpLimiter.hit(req.ip);
    if (wait > 0) throw rateLimited('AUTH.TOO_MANY_ATTEMPTS', m.tooManyAttempts, wait);
    const challengeId = req.body.ChallengeId;
    const stream = otpChallengeStream(challengeId);
    const challenge = await loadAggregate(deps.eventStore, stream, otpChallengeDecider.evolve, otpChallengeDecider.initialState);
    if (challenge.state.status === 'none') throw unauthenticated('AUTH.OTP_INVALID', m.otpInvalid);
    const codeMatches = secrets.matches(challenge.state.codeHash, secrets.hashOtp(challengeId, req.params.code));

    const userLoaded = await loadAggregate(deps.eventStore, userStream(challenge.state.userId), userDecider.evolve, userDecider.initialState);
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
      if (outcome.data.attempt >= OTP_MAX_ATTEMPTS) throw unauthenticated('AUTH.OTP_EXHAUSTED', m.otpExhausted);
      throw unauthenticated('AUTH.OTP_INVALID', m.otpInvalid);
    }
    await assertMayUseAccount(deps, user);
    const login = await runCommand(deps, userStream(user.userId), userDecider, { type: 'RecordLogin', data: { tokenId: issued!.tokenId, method: 'otp' } }, metadata);
    return { body: { Success: true, Token: issued!.token, ResponseMessage: m.otpVerified }, position: maxPosition(verified.position, login.position) };
  });

  return [login, verifyOtp];
}
