import { authErrors, authMessages as m, companyNameFromUser, signupRoute } from '@locus/contracts';
import { implement, type CommandDeps, type RouteImplementation } from '@locus/platform';
import { eventMetadata } from '../kit';
import { hashPassword } from '../kit/passwords';
import { openCompany } from '../users/public';
import type { IdentityThrottles } from './throttles';

/**
 * Self-registration: a new company with the registrant as its default CompanyAdmin, signed in
 * at once. The company takes the name given at sign-up, else one made from the registrant's
 * (never left unnamed: lists, Switch Company and the top bar need one).
 */
export function signUpRoutes(deps: CommandDeps, throttles: IdentityThrottles): RouteImplementation[] {
  return [
    implement(signupRoute, async (req) => {
      await throttles.signupAttempt(req.ip);
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
      const companyName = req.body.CompanyName ?? companyNameFromUser(admin.firstName, admin.lastName);
      const position = await openCompany(
        deps,
        { companyId, companyName, source: 'signup', defaultAdmin: admin, emailTaken: authErrors.signUpEmailTaken },
        metadata,
      );
      const issued = await deps.tokens.issue({
        userId,
        role: 'CompanyAdmin',
        companyId,
        companyName,
        fullName: `${admin.firstName.trim()} ${admin.lastName.trim()}`.trim(),
        email: admin.email.trim(),
        profileImgUrl: null,
        viewingAsAdmin: false,
      });
      return { status: 201, body: { Success: true, Token: issued.token, ResponseMessage: m.signupSucceeded }, position };
    }),
  ];
}
