/** Bus subjects and live (SSE) message shapes shared by projectors, reactors and query-api. */

/** Ids a changed message carries at most; beyond, it says `many` and carries none. */
export const LIVE_CHANGED_IDS_CAP = 100;

/**
 * Published by the projector runtime after each committed batch: one per (company or admin
 * scope, collection), with the ids of the changed documents, or `many: true` and no ids when
 * more than LIVE_CHANGED_IDS_CAP changed (refresh the collection's lists whole).
 */
export interface ChangedMessage {
  kind: 'changed';
  collection: string;
  ids: string[];
  many: boolean;
  companyId: string | null;
  position: number;
}

/**
 * Sent by the SSE endpoint instead of a backlog it dropped (a client that did not read fast
 * enough): everything on screen may be stale, refresh it.
 */
export interface ResyncMessage {
  kind: 'resync';
}

/** A named notification for a company or one user (e.g. ConnectAccountsProgressNotification). */
export interface NotificationMessage<T = unknown> {
  kind: 'notification';
  name: string;
  payload: T;
}

export type LiveMessage = ChangedMessage | NotificationMessage | ResyncMessage;

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
  /**
   * A reader waits for `projection` to reach a position (X-Min-Position): a projection that
   * gathers its live batches over an interval commits what it has at once.
   */
  positionWanted: (projection: string) => `ops.position-wanted.${projection}`,
  /** A projection switched to a new generation after a rebuild. */
  projectionSwitched: () => `ops.projection-switched`,
} as const;
