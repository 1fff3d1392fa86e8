import type { CommandDeps, ReactorDefinition } from '@locus/platform';
import { companyMembersReactor } from './reactors';

export { companiesCommandRoutes } from './routes';

export const companiesReactors = (deps: Pick<CommandDeps, 'readModels'>): ReactorDefinition[] => [companyMembersReactor(deps)];
