import type { CommandDeps, ReactorDefinition } from '@locus/platform';
import { logoutNotifierReactor } from './reactors';

export { usersCommandRoutes } from './routes';
export { createCompanyUser, type CreateCompanyUserInput } from './user-accounts';

export const usersReactors = (deps: Pick<CommandDeps, 'bus'>): ReactorDefinition[] => [logoutNotifierReactor(deps)];
