import type { CommandDeps, ReactorDefinition, RouteImplementation } from '@locus/platform';
import { identityMailReactor } from './mail-reactor';
import { passwordResetRoutes } from './password-reset';
import { createIdentitySecrets } from './secrets';
import { signInRoutes } from './sign-in';
import { signUpRoutes } from './sign-up';

/** Sign-in, OTP, sign-up, forgot/reset password. (Token refresh is a query: query-api/src/identity.) */
export function identityCommandRoutes(deps: CommandDeps): RouteImplementation[] {
  const secrets = createIdentitySecrets(deps.config.encryptionKey);
  return [...signInRoutes(deps, secrets), ...signUpRoutes(deps), ...passwordResetRoutes(deps, secrets)];
}

export function identityReactors(deps: Pick<CommandDeps, 'mailer' | 'clock' | 'config' | 'logger'>): ReactorDefinition[] {
  return [identityMailReactor(deps, createIdentitySecrets(deps.config.encryptionKey))];
}

export { createSessionValidator } from './session-validator';
