import { createSign, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import type Koa from 'koa';
import type { RouteTable } from '../../kit/routes';
import { invalidArgument } from '../errors';
import type { GLocation } from '../state';
import { queryString, requireBodyObject } from './common';
import type { GoogleApi } from './context';

const NOTIFICATIONS = '/google/mybusinessnotifications/v1';
const DOMAIN = 'mybusinessnotifications.googleapis.com';
const TYPES = ['NEW_REVIEW', 'UPDATED_REVIEW', 'GOOGLE_UPDATE', 'NEW_CUSTOMER_MEDIA', 'NEW_QUESTION', 'UPDATED_QUESTION', 'NEW_ANSWER', 'UPDATED_ANSWER'];
/** Who Google's push tokens say they come from. */
const ISSUER = 'https://accounts.google.com';

interface Setting {
  pubsubTopic: string;
  notificationTypes: string[];
}
interface PushSubscription {
  pushEndpoint: string;
  audience: string;
}

export interface NotificationsApi {
  /** Publishes a review notification to the account's topic, pushed to the topic's subscription (if any). */
  reviewChanged(loc: GLocation, reviewId: string, type: 'NEW_REVIEW' | 'UPDATED_REVIEW'): void;
  /** Publishes GOOGLE_UPDATE: Google holds changes of the location for the merchant's review. */
  googleUpdated(loc: GLocation): void;
}

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/**
 * Business Profile Notifications API v1 (`accounts/*\/notificationSetting`, get and patch with
 * its updateMask) and the Cloud Pub/Sub push that follows: a topic's push subscription (set by
 * the admin hook `POST /google/__sandbox/pubsub/subscriptions`) gets each notification as a
 * Pub/Sub push (`message.data` base64 JSON) with an OIDC token signed RS256 by the sandbox's key,
 * whose JWKS is at `/google/oauth2/v3/certs` (Google's is www.googleapis.com/oauth2/v3/certs).
 */
export function registerNotificationRoutes(routes: RouteTable, api: GoogleApi): NotificationsApi {
  const settings = new Map<string, Setting>();
  const subscriptions = new Map<string, PushSubscription>();
  const kid = randomBytes(8).toString('hex');
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pushed: { at: string; topic: string; endpoint: string; status: number | 'network'; data: unknown }[] = [];

  const signToken = (key: KeyObject, audience: string, extra: Record<string, unknown> = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const header = b64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }));
    const claims = b64url(
      JSON.stringify({
        iss: ISSUER,
        aud: audience,
        iat: now,
        exp: now + 3600,
        email: 'pubsub-push@locus-sandbox.iam.gserviceaccount.com',
        email_verified: true,
        sub: '1000',
        ...extra,
      }),
    );
    const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(key).toString('base64url');
    return `${header}.${claims}.${signature}`;
  };

  const settingJson = (accountId: string) => {
    const s = settings.get(accountId);
    return {
      name: `accounts/${accountId}/notificationSetting`,
      ...(s?.pubsubTopic ? { pubsubTopic: s.pubsubTopic } : {}),
      ...(s?.notificationTypes.length ? { notificationTypes: s.notificationTypes } : {}),
    };
  };

  routes.add('GET', `${NOTIFICATIONS}/accounts/{accountId}/notificationSetting`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    api.store.accountFor(sub, p.accountId!);
    ctx.body = settingJson(p.accountId!);
  });

  routes.add('PATCH', `${NOTIFICATIONS}/accounts/{accountId}/notificationSetting`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    api.store.accountFor(sub, p.accountId!);
    const mask = (queryString(ctx, 'updateMask', 'update_mask') ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    if (!mask.length) throw invalidArgument('updateMask is required', [{ field: 'update_mask', description: 'required' }], DOMAIN);
    const unknown = mask.filter((f) => !['pubsubTopic', 'pubsub_topic', 'notificationTypes', 'notification_types'].includes(f));
    if (unknown.length) throw invalidArgument(`Invalid update mask: ${unknown.join(', ')}`, [{ field: 'update_mask', description: 'unknown field' }], DOMAIN);
    const body = requireBodyObject(ctx.request.body);
    const current = settings.get(p.accountId!) ?? { pubsubTopic: '', notificationTypes: [] };
    const next = { ...current };
    if (mask.some((f) => f.startsWith('pubsub'))) {
      const topic = typeof body.pubsubTopic === 'string' ? body.pubsubTopic : '';
      if (topic && !/^projects\/[a-z][a-z0-9-]{4,28}[a-z0-9]\/topics\/[A-Za-z][\w.~+%-]{2,254}$/.test(topic))
        throw invalidArgument(
          'The pub/sub topic name is invalid',
          [{ field: 'notification_setting.pubsub_topic', description: 'INVALID_PUBSUB_TOPIC' }],
          DOMAIN,
        );
      next.pubsubTopic = topic;
    }
    if (mask.some((f) => f.startsWith('notification'))) {
      const types = Array.isArray(body.notificationTypes) ? body.notificationTypes : [];
      const bad = types.filter((t) => typeof t !== 'string' || !TYPES.includes(t));
      if (bad.length)
        throw invalidArgument(
          `Invalid notification type: ${bad.join(', ')}`,
          [{ field: 'notification_setting.notification_types', description: 'unknown type' }],
          DOMAIN,
        );
      next.notificationTypes = [...new Set(types as string[])];
    }
    settings.set(p.accountId!, next);
    ctx.body = settingJson(p.accountId!);
  });

  routes.add('GET', '/google/oauth2/v3/certs', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] };
  });

  const admin = '/google/__sandbox/pubsub';
  routes.add('POST', `${admin}/subscriptions`, (ctx: Koa.Context) => {
    const body = requireBodyObject(ctx.request.body);
    const { topic, pushEndpoint, audience } = body as Record<string, unknown>;
    if (typeof topic !== 'string' || !topic) throw invalidArgument('topic is required', [{ field: 'topic', description: 'required' }], DOMAIN);
    if (typeof pushEndpoint !== 'string' || !/^https?:\/\//.test(pushEndpoint))
      throw invalidArgument('pushEndpoint must be an http(s) URL', [{ field: 'pushEndpoint', description: 'URL' }], DOMAIN);
    subscriptions.set(topic, { pushEndpoint, audience: typeof audience === 'string' && audience ? audience : pushEndpoint });
    ctx.body = { topic, pushEndpoint, audience: subscriptions.get(topic)!.audience };
  });
  routes.add('GET', `${admin}`, (ctx) => {
    ctx.body = { settings: Object.fromEntries(settings), subscriptions: Object.fromEntries(subscriptions), pushed: pushed.slice(-50) };
  });
  // A token signed by a key that is not the sandbox's (tests check a push with it is refused).
  routes.add('POST', `${admin}/foreign-token`, (ctx) => {
    const body = requireBodyObject(ctx.request.body);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    ctx.body = { token: signToken(other, typeof body.audience === 'string' ? body.audience : '') };
  });

  /** Pushes like Pub/Sub: retried with backoff on anything but a 2xx, a few times. */
  async function push(topic: string, sub: PushSubscription, data: Record<string, unknown>) {
    const body = {
      message: { data: Buffer.from(JSON.stringify(data)).toString('base64'), attributes: {}, messageId: randomUUID(), publishTime: new Date().toISOString() },
      subscription: `projects/locus-sandbox/subscriptions/${topic.split('/').pop()}-push`,
    };
    for (let attempt = 0; attempt < 5; attempt++) {
      let status: number | 'network';
      try {
        const res = await fetch(sub.pushEndpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${signToken(privateKey, sub.audience)}` },
          body: JSON.stringify(body),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 'network';
      }
      pushed.push({ at: new Date().toISOString(), topic, endpoint: sub.pushEndpoint, status, data });
      if (pushed.length > 200) pushed.shift();
      if (typeof status === 'number' && status >= 200 && status < 300) return;
      await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
    }
  }

  /** To the account's topic when it asked for this type and the topic has a push subscription. */
  function publish(loc: GLocation, type: string, data: Record<string, unknown>) {
    const setting = settings.get(loc.accountId);
    if (!setting?.pubsubTopic || !setting.notificationTypes.includes(type)) return;
    const sub = subscriptions.get(setting.pubsubTopic);
    if (!sub) return;
    void push(setting.pubsubTopic, sub, { type, ...data });
  }
  const locationName = (loc: GLocation) => `accounts/${loc.accountId}/locations/${loc.id}`;

  return {
    reviewChanged(loc, reviewId, type) {
      publish(loc, type, { review: `${locationName(loc)}/reviews/${reviewId}`, location: locationName(loc) });
    },
    googleUpdated(loc) {
      publish(loc, 'GOOGLE_UPDATE', { location: locationName(loc) });
    },
  };
}
