import type { CommandDeps, ReactorDefinition, RouteImplementation } from '@locus/platform';
import { identityMailReactor } from './mail-reactor';
import { logoutRoutes } from './logout';
import { passwordResetRoutes } from './password-reset';
import { createIdentitySecrets } from '../kit/secrets';
import { signInRoutes } from './sign-in';
import { signUpRoutes } from './sign-up';
import { identityThrottles } from './throttles';

/** Sign-in, OTP, sign-up, logout, forgot/reset password. (Token refresh is a query: query-api/src/identity.) */
export function identityCommandRoutes(deps: CommandDeps): RouteImplementation[] {
  const secrets = createIdentitySecrets(deps.config.encryptionKey, deps.config.previousEncryptionKeys);
  const throttles = identityThrottles(deps);
  return [...signInRoutes(deps, secrets, throttles), ...signUpRoutes(deps, throttles), ...passwordResetRoutes(deps, secrets, throttles), ...logoutRoutes(deps)];
}

export function identityReactors(deps: Pick<CommandDeps, 'mailer' | 'clock' | 'config' | 'logger'>): ReactorDefinition[] {
  return [identityMailReactor(deps, createIdentitySecrets(deps.config.encryptionKey, deps.config.previousEncryptionKeys))];
}

export { createSessionValidator } from '@locus/platform';
