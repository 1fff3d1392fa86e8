/** Bus subjects and live (SSE) message shapes shared by projectors, reactors and query-api. */

/** Published by the projector runtime after commit, one per affected document. */
export interface ChangedMessage {
  kind: 'changed';
  collection: string;
  id: string;
  companyId: string | null;
  position: number;
}

/** A named notification for a company or one user (e.g. ConnectAccountsProgressNotification). */
export interface NotificationMessage<T = unknown> {
  kind: 'notification';
  name: string;
  payload: T;
}

export type LiveMessage = ChangedMessage | NotificationMessage;

export const subjects = {
  /** Company-scoped document change; companyId null goes to the `admin` scope. */
  changed: (companyId: string | null, collection: string) =>
    companyId ? `live.company.${companyId}.changed.${collection}` : `live.admin.changed.${collection}`,
  companyNotification: (companyId: string, name: string) => `live.company.${companyId}.notify.${name}`,
  userNotification: (userId: string, name: string) => `live.user.${userId}.notify.${name}`,
  /** What one caller's SSE stream listens to. */
  companyScope: (companyId: string) => `live.company.${companyId}.>`,
  userScope: (userId: string) => `live.user.${userId}.>`,
  adminScope: () => `live.admin.>`,
  /** Projection checkpoint advanced (used by X-Min-Position waits and ops). */
  checkpoint: (projection: string) => `ops.checkpoint.${projection}`,
  checkpointAll: () => `ops.checkpoint.*`,
  /** A projection switched to a new generation after a rebuild. */
  projectionSwitched: () => `ops.projection-switched`,
} as const;
