import type { CommandDeps, ReactorDefinition } from '@locus/platform';
import { ensureAdminVariablesSeeded, ensureCompanyVariablesSeeded, systemMetadata } from './routes';

/**
 * Seeds system-generated variables: a company's when it is created, the administrator
 * variables when the first company or the bootstrap Administrator appears. Idempotent by
 * state (a seeded stream decides nothing), so a retried or repeated event appends nothing.
 */
export function settingsReactors(deps: Pick<CommandDeps, 'eventStore' | 'ids' | 'clock'>): ReactorDefinition[] {
  return [
    {
      name: 'settings.seed-system-variables',
      handles: ['CompanyCreated', 'UserCreated'],
      async handle(event) {
        const data = event.data as { companyId?: string | null; role?: string };
        const metadata = systemMetadata(deps.clock, event.metadata.correlationId, event.id, null);
        if (event.type === 'CompanyCreated' && data.companyId) {
          await ensureCompanyVariablesSeeded(deps, data.companyId, metadata);
          await ensureAdminVariablesSeeded(deps, metadata);
        } else if (event.type === 'UserCreated' && data.role === 'Administrator') {
          await ensureAdminVariablesSeeded(deps, metadata);
        }
      },
    },
  ];
}
