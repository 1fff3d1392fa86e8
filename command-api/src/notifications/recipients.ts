import { NOTIFICATION_PREFERENCES_COLLECTION, USERS_COLLECTION, type NotificationPreferencesDoc, type UserDoc } from '@locus/contracts';
import { locationsInScope, type CommandDeps } from '@locus/platform';

/** Roles that get review mail: the company's admins (every location) and users (their locations). */
const MAILED_ROLES = new Set(['CompanyAdmin', 'CompanyUser']);

export const preferencesOf = (deps: Pick<CommandDeps, 'readModels'>) =>
  deps.readModels.collection<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES_COLLECTION);

/** Where a mail's "see the reviews" link leads. */
export const reviewsUrlOf = (deps: Pick<CommandDeps, 'config'>) => `${deps.config.publicUrl.replace(/\/$/, '')}/company-reviews`;

/** The user, when still active in the company and of a role that gets mail; with the locations it sees (null: all). */
export async function recipientOf(deps: Pick<CommandDeps, 'readModels'>, prefs: NotificationPreferencesDoc) {
  const user = await deps.readModels.collection<UserDoc>(USERS_COLLECTION).findOne({ _id: prefs.userId, companyId: prefs.companyId });
  if (!user || !user.loginAllowed || !MAILED_ROLES.has(user.role)) return null;
  const scope = await locationsInScope(deps.readModels, { role: user.role, userId: user._id, companyId: prefs.companyId });
  return { user, scope };
}
