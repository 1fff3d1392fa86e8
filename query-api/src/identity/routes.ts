import { COMPANIES_COLLECTION, USERS_COLLECTION, refreshTokenRoute, type CompanyDoc, type UserDoc, authErrors } from '@locus/contracts';
import { implement, type QueryDeps, type RouteImplementation, type TokenClaims, fail } from '@locus/platform';

/**
 * GET /api/auth/token: a new token with the caller's current name, email, picture and company
 * name (e.g. after a profile edit or a company rename), keeping ViewingAsAdmin. Until the read
 * model has the user (a token minted a moment ago), the verified token's own claims are reused.
 */
export function identityQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  return [
    implement(refreshTokenRoute, async (req) => {
      const header = req.headers.authorization;
      const bearer = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '') : '';
      const { claims } = await deps.tokens.verify(bearer);
      const user = await deps.readModels.collection<UserDoc>(USERS_COLLECTION).findOne({ _id: claims.userId });
      if (user && !user.loginAllowed) throw fail(authErrors.sessionRevoked);
      const company = claims.companyId ? await deps.readModels.collection<CompanyDoc>(COMPANIES_COLLECTION).findOne({ _id: claims.companyId }) : null;
      const fresh: TokenClaims = {
        ...claims,
        ...(user ? { fullName: user.fullName, email: user.email, profileImgUrl: user.imageUrl } : {}),
        ...(company ? { companyName: company.companyName } : {}),
      };
      const issued = await deps.tokens.issue(fresh);
      return { body: { Success: true, Token: issued.token } };
    }),
  ];
}
