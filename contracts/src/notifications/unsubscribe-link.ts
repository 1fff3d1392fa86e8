/**
 * The one-click unsubscribe link of every notification mail: the token is signed (platform's
 * createLinkSigner with this purpose) over `<userId>/<alert|digest>` and a long expiry.
 */
export const UNSUBSCRIBE_LINK_PURPOSE = 'notifications-unsubscribe';
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

export const unsubscribeLinkId = (userId: string, from: 'alert' | 'digest') => `${userId}/${from}`;
export const parseUnsubscribeLinkId = (id: string): { userId: string; from: 'alert' | 'digest' } | null => {
  const [userId, from, ...rest] = id.split('/');
  return userId && (from === 'alert' || from === 'digest') && rest.length === 0 ? { userId, from } : null;
};
export const unsubscribeLink = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}${UNSUBSCRIBE_PATH}/${encodeURIComponent(token)}`;
