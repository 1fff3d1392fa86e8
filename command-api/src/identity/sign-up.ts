import { authMessages as m, signupRoute, type SignupBody } from '@locus/contracts';
import { implement, rateLimited, type CommandDeps, type RouteImplementation } from '@locus/platform';
import { eventMetadata } from '../users/aggregate';
import { hashPassword } from '../users/passwords';
import { openCompany } from '../companies/open-company';
import { createRateLimiter } from './rate-limiter';

/**
 * Self-registration: a new company (name asked later, when its first Google account is
 * connected) with the registrant as its default CompanyAdmin, signed in at once.
 */
export function signUpRoutes(deps: CommandDeps): RouteImplementation[] {
  const limiter = createRateLimiter({ limit: 10, windowMs: 60_000, clock: deps.clock });
  return [
    implement<unknown, unknown, SignupBody>(signupRoute, async (req) => {
      const wait = limiter.hit(req.ip);
      if (wait > 0) throw rateLimited('AUTH.TOO_MANY_ATTEMPTS', m.tooManyAttempts, wait);
      const companyId = deps.ids.uuid();
      const userId = deps.ids.uuid();
      const metadata = { ...eventMetadata(req, companyId, deps.clock), actor: { userId, role: 'CompanyAdmin' as const } };
      const admin = {
        userId,
        firstName: req.body.FirstName,
        lastName: req.body.LastName,
        email: req.body.Email,
        phoneNumber: '',
        passwordHash: await hashPassword(req.body.Password),
      };
      const position = await openCompany(
        deps,
        { companyId, companyName: null, source: 'signup', defaultAdmin: admin, emailTakenMessage: m.emailTaken },
        metadata,
      );
      const issued = await deps.tokens.issue({
        userId,
        role: 'CompanyAdmin',
        companyId,
        companyName: null,
        fullName: `${admin.firstName.trim()} ${admin.lastName.trim()}`.trim(),
        email: admin.email.trim(),
        profileImgUrl: null,
        viewingAsAdmin: false,
      });
      return { status: 201, body: { Success: true, Token: issued.token, ResponseMessage: m.signupSucceeded }, position };
    }),
  ];
}
