import type { CompanyEvent, UserEvent } from '@locus/contracts';
import type { CommandDeps, ReactorDefinition } from '@locus/platform';
import { ensureAdminVariablesSeeded } from './admin-routes';
import { ensureCompanyVariablesSeeded } from './company-routes';
import { systemMetadata } from '../kit';

/**
 * Seeds system-generated variables: a company's when it is created, the administrator
 * variables when the first company or the bootstrap Administrator appears. Idempotent by
 * state (a seeded stream decides nothing), so a retried or repeated event appends nothing.
 */
type SeedingEvent = Extract<CompanyEvent, { type: 'CompanyCreated' }> | Extract<UserEvent, { type: 'UserCreated' }>;

export function settingsReactors(deps: Pick<CommandDeps, 'eventStore' | 'ids' | 'clock'>): ReactorDefinition[] {
  const seed: ReactorDefinition<SeedingEvent> = {
    name: 'settings.seed-system-variables',
    handles: ['CompanyCreated', 'UserCreated'],
    async handle(event) {
      const metadata = systemMetadata(deps, null, { correlationId: event.metadata.correlationId, causationId: event.id });
      if (event.type === 'CompanyCreated' && event.data.companyId) {
        await ensureCompanyVariablesSeeded(deps, event.data.companyId, metadata);
        await ensureAdminVariablesSeeded(deps, metadata);
      } else if (event.type === 'UserCreated' && event.data.role === 'Administrator') {
        await ensureAdminVariablesSeeded(deps, metadata);
      }
    },
  };
  return [seed];
}
