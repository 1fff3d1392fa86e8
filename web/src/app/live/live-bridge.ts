import type { LiveMessage } from '@locus/contracts';
import { LiveNotifications, publishNotification } from '@web/shared/live/notifications';
import { dropSession, endSessionAndGoToLogin } from '@web/shared/session/session-actions';
import { currentUserFromToken, decodeTokenPayload } from '@web/shared/session/current-user';
import { readStoredToken, takeValidToken } from '@web/shared/session/token-storage';
import { api } from '../api';
import type { AppDispatch } from '../store';
import { TAG_TYPES } from '../tag-types';
import { createLiveClient, type LiveClient } from './live-client';
import { tagsForChange } from './collection-tags';

export const LIVE_URL = '/api/live';

/** What one live message does to the app: refresh data, or hand a notification to its listeners. */
export const applyLiveMessage = (dispatch: AppDispatch, message: LiveMessage): void => {
  switch (message.kind) {
    case 'changed': {
      const tags = tagsForChange(message.collection, message.ids, message.many);
      if (tags.length === 0) return;
      const invalidate = () => dispatch(api.util.invalidateTags(tags));
      // A deletion of this very user reaches the tab as a change and, on another subject, as the
      // logout notification: refetching first would only be refused. The notification reloads
      // the page, which drops this timer; any other change to the own record applies a moment later.
      if (message.collection === 'users' && isOwnRecord(message.ids)) setTimeout(invalidate, OWN_RECORD_DELAY_MS);
      else invalidate();
      return;
    }
    case 'resync':
      // The server dropped messages this tab was too slow to read: refresh everything once.
      refreshAll(dispatch);
      return;
    case 'notification':
      if (message.name === LiveNotifications.logoutDeletedCompanyUsers) {
        if (!isSessionKept(message.payload)) dropSession();
        return;
      }
      publishNotification(message.name, message.payload);
      return;
    default: {
      const never: never = message;
      return never;
    }
  }
};

/**
 * A password change ends every session but the one that made it (`ExceptTokenId`, its token id);
 * a logout ends only the session logged out of (`TokenId`).
 */
export const isSessionKept = (payload: unknown, token: string | null = readStoredToken()): boolean => {
  const { ExceptTokenId: except, TokenId: ended } = (payload ?? {}) as { ExceptTokenId?: unknown; TokenId?: unknown };
  const jti = token ? decodeTokenPayload(token)?.jti : undefined;
  if (typeof ended === 'string') return jti !== ended;
  if (typeof except !== 'string' || !token) return false;
  return jti === except;
};

export const OWN_RECORD_DELAY_MS = 2_000;

const isOwnRecord = (ids: readonly string[], token: string | null = readStoredToken()): boolean => {
  const userId = token ? currentUserFromToken(token)?.userId : undefined;
  return userId !== undefined && ids.includes(userId);
};

const refreshAll = (dispatch: AppDispatch) => dispatch(api.util.invalidateTags([...TAG_TYPES]));

export const startLiveUpdates = (dispatch: AppDispatch): LiveClient => {
  const client = createLiveClient({
    url: LIVE_URL,
    getToken: () => takeValidToken(),
    onMessage: (m) => applyLiveMessage(dispatch, m),
    onUnauthorized: endSessionAndGoToLogin,
    // messages sent while disconnected are lost: refresh everything cached
    onReconnected: () => refreshAll(dispatch),
  });
  client.start();
  return client;
};
