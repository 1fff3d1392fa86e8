import {
  CompanyDeactivatedSchema,
  CompanyDeletedSchema,
  PasswordChangedSchema,
  SessionEndedSchema,
  LOGOUT_DELETED_COMPANY_USERS_NOTIFICATION as LOGOUT,
  UserDeactivatedSchema,
  UserDeletedSchema,
  subjects,
  type LogoutDeletedCompanyUsersPayload,
  type NotificationMessage,
} from '@locus/contracts';
import type { Bus, ReactorDefinition } from '@locus/platform';

/**
 * Logs out open sessions at once: a deleted or deactivated user gets
 * LogoutDeletedCompanyUsersNotification on their user subject, and so does a user whose password
 * changed (every session but the one that changed it, `ExceptTokenId`); a deleted or deactivated company
 * gets it on the company subject (every session of that company); a logout sends it for that one
 * session (`TokenId`). The session validator has
 * already made their tokens useless; this makes the web app drop them without waiting for a 401.
 */
export function logoutNotifierReactor(deps: { bus: Bus }): ReactorDefinition {
  const notify = (subject: string, payload: LogoutDeletedCompanyUsersPayload) => {
    const message: NotificationMessage<LogoutDeletedCompanyUsersPayload> = { kind: 'notification', name: LOGOUT, payload };
    deps.bus.publish(subject, message);
  };
  return {
    name: 'users-logout-notifier',
    handles: ['UserDeleted', 'UserDeactivated', 'PasswordChanged', 'CompanyDeleted', 'CompanyDeactivated', 'SessionEnded'],
    async handle(event) {
      switch (event.type) {
        case 'UserDeleted':
        case 'UserDeactivated': {
          const data = (event.type === 'UserDeleted' ? UserDeletedSchema : UserDeactivatedSchema).parse(event.data);
          notify(subjects.userNotification(data.userId, LOGOUT), { UserId: data.userId, CompanyId: data.companyId });
          break;
        }
        case 'PasswordChanged': {
          // The user's other sessions end (the session validator already refuses them).
          const data = PasswordChangedSchema.parse(event.data);
          notify(subjects.userNotification(data.userId, LOGOUT), {
            UserId: data.userId,
            CompanyId: event.metadata.companyId ?? null,
            ...(data.keepTokenId ? { ExceptTokenId: data.keepTokenId } : {}),
          });
          break;
        }
        case 'SessionEnded': {
          // A logout: that session alone ends (its other tabs, its live streams).
          const data = SessionEndedSchema.parse(event.data);
          notify(subjects.userNotification(data.userId, LOGOUT), { UserId: data.userId, CompanyId: data.companyId, TokenId: data.tokenId });
          break;
        }
        case 'CompanyDeleted':
        case 'CompanyDeactivated': {
          const { companyId } = (event.type === 'CompanyDeleted' ? CompanyDeletedSchema : CompanyDeactivatedSchema).parse(event.data);
          notify(subjects.companyNotification(companyId, LOGOUT), { UserId: '', CompanyId: companyId });
          break;
        }
      }
      await deps.bus.flush();
    },
  };
}
