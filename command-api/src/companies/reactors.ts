import { CompanyDeletedSchema, USERS_COLLECTION, userStream, type UserDoc } from '@locus/contracts';
import type { CommandDeps, ReactorDefinition } from '@locus/platform';
import { emailStreamOf } from '../users/public';

/** How long the reactor waits for the users read model to include everything before the deletion. */
const READ_MODEL_WAIT_MS = 10_000;

/**
 * After CompanyDeleted, deletes each of its users (UserDeleted, reason company-deleted) and frees
 * their emails. Their tokens already stopped working through the company's session block; the
 * UserDeleted events then log every open session out (users logout notifier). Appends are
 * idempotent per (event, user), so a retry repeats nothing.
 */
export function companyMembersReactor(deps: Pick<CommandDeps, 'readModels'>): ReactorDefinition {
  return {
    name: 'companies-delete-members',
    handles: ['CompanyDeleted'],
    async handle(event, ctx) {
      const { companyId } = CompanyDeletedSchema.parse(event.data);
      // Users created before the deletion must be visible in the read model first.
      if (!(await deps.readModels.waitForPosition(event.position, READ_MODEL_WAIT_MS))) {
        throw new Error(`Read models have not reached position ${event.position} yet`);
      }
      const members = await deps.readModels.collection<UserDoc>(USERS_COLLECTION).find({ companyId });
      for (const member of members) {
        await ctx.append(userStream(member._id), [{ type: 'UserDeleted', data: { userId: member._id, companyId, reason: 'company-deleted' } }], {
          key: `user:${member._id}`,
          companyId,
        });
        await ctx.append(emailStreamOf(member.email), [{ type: 'EmailReleased', data: { userId: member._id } }], {
          key: `email:${member._id}`,
          companyId,
        });
      }
    },
  };
}
