import { readFileSync } from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';
import { koaBody } from 'koa-body';
import type { SandboxEnv, SandboxModule } from '../kit/module';
import { createRouteTable } from '../kit/routes';
import { registerAccountRoutes } from './api/accounts';
import { registerAttributeRoutes } from './api/attributes';
import { registerCategoryRoutes } from './api/categories';
import { registerDirectoryRoutes } from './api/directory';
import type { GoogleApi } from './api/context';
import { registerLocationRoutes } from './api/locations';
import { registerNotificationRoutes } from './api/notifications';
import { registerPerformanceRoutes } from './api/performance';
import { registerQandaRoutes } from './api/qanda';
import { registerV4Routes } from './api/v4';
import { registerVerificationRoutes } from './api/verifications';
import { registerAdminRoutes } from './admin';
import { registerGoogleUpdateAdminRoutes } from './api/google-updates';
import { registerReviewAdminRoutes } from './admin-reviews';
import { GoogleApiError, insufficientScope, unauthenticated } from './errors';
import { renderAvatarSvg, renderPhoto } from './images';
import { BUSINESS_SCOPE } from './oauth/pages';
import { registerOAuthRoutes } from './oauth/routes';
import { registerPlacePages } from './place-page';
import { createGoogleStore, type GoogleSandboxOptions, type GoogleStore } from './store';

export type { GoogleSandboxOptions } from './store';
export { BUSINESS_SCOPE } from './oauth/pages';

export interface GoogleModule extends SandboxModule {
  store: GoogleStore;
}

/** Google OAuth + Business Profile APIs under `/google` (paths after Google's hosts are kept as they are). */
export function createGoogleModule(env: SandboxEnv): GoogleModule {
  const options = (env.options.google ?? {}) as Partial<GoogleSandboxOptions>;
  const store = createGoogleStore(env.dataDir, env.seed, options);
  const abs = (p: string) => `${env.url()}${p}`;
  const routes = createRouteTable();
  const oauth = registerOAuthRoutes(routes, store, abs);

  const api: GoogleApi = {
    store,
    abs,
    caller(ctx) {
      const hasCredential = /^Bearer\s+\S/i.test(ctx.get('authorization')) || typeof ctx.query.access_token === 'string';
      const info = oauth.bearer(ctx);
      if (!info) throw unauthenticated(hasCredential ? 'invalid' : 'missing');
      if (!info.scope.split(' ').includes(BUSINESS_SCOPE)) throw insufficientScope();
      store.countQuery(info.sub);
      return { sub: info.sub, scope: info.scope };
    },
  };
  registerAccountRoutes(routes, api);
  registerLocationRoutes(routes, api);
  registerCategoryRoutes(routes, api);
  registerAttributeRoutes(routes, api);
  registerV4Routes(routes, api);
  registerPerformanceRoutes(routes, api);
  registerQandaRoutes(routes, api);
  registerDirectoryRoutes(routes, api);
  registerVerificationRoutes(routes, api);
  registerAdminRoutes(routes, store);
  const notifications = registerNotificationRoutes(routes, api);
  registerGoogleUpdateAdminRoutes(routes, api, notifications);
  registerReviewAdminRoutes(routes, api, notifications);
  registerPlacePages(routes, store);

  routes.add('GET', '/google/images/avatar/{initials}/{color}.svg', (ctx, p) => {
    ctx.type = 'image/svg+xml';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = renderAvatarSvg(p.initials!, p.color!);
  });
  routes.add('GET', '/google/images/photo/{key}.png', (ctx, p) => {
    const w = Number(ctx.query.w ?? 640),
      h = Number(ctx.query.h ?? 480);
    ctx.type = 'image/png';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = renderPhoto(p.key!, Number.isFinite(w) ? w : 640, Number.isFinite(h) ? h : 480);
  });
  routes.add('GET', '/google/images/media/{mediaId}', (ctx, p) => {
    for (const list of Object.values(store.state.media)) {
      const m = list.find((x) => x.id === p.mediaId);
      if (m && m.source.kind === 'blob') {
        ctx.type = m.source.contentType;
        ctx.body = readFileSync(path.join(store.dataDir, 'google-media', m.source.file));
        return;
      }
    }
    ctx.status = 404;
    ctx.body = 'Not found';
  });

  const parseBody = koaBody({ json: true, urlencoded: true, text: true, multipart: false, jsonLimit: '5mb' });

  const isApiPath = (p: string) => /^\/google\/(mybusiness|businessprofileperformance|upload|admin\/directory)/.test(p) || p === '/google/oauth/token';

  const middleware: Koa.Middleware = async function googleSandbox(ctx, next) {
    if (ctx.path !== '/google' && !ctx.path.startsWith('/google/')) return next();
    try {
      await parseBody(ctx, async () => {});
      if (isApiPath(ctx.path)) store.maybeFail(ctx.method, ctx.path, ctx.get('x-sandbox-fail-once') || undefined);
      if (ctx.path === '/google' || ctx.path === '/google/') {
        ctx.redirect('/google/__sandbox');
        return;
      }
      const hit = routes.match(ctx.method, ctx.path);
      if (!('handler' in hit)) {
        throw new GoogleApiError(hit.pathMatched ? 405 : 404, 'NOT_FOUND', hit.pathMatched ? 'Method not allowed.' : 'Method not found.');
      }
      await hit.handler(ctx, hit.params);
      if (ctx.body !== undefined && ctx.type === '') ctx.type = 'application/json; charset=UTF-8';
    } catch (err) {
      const e =
        err instanceof GoogleApiError
          ? err
          : (err as { status?: number }).status === 400 || (err as { status?: number }).status === 415
            ? new GoogleApiError(400, 'INVALID_ARGUMENT', `Invalid JSON payload received. ${(err as Error).message}`)
            : (err as { status?: number }).status === 413
              ? new GoogleApiError(413, 'INVALID_ARGUMENT', 'Request payload is too large.')
              : (env.log(`google sandbox error on ${ctx.method} ${ctx.path}: ${(err as Error).stack ?? String(err)}`),
                new GoogleApiError(500, 'INTERNAL', 'Internal error encountered.'));
      ctx.status = e.httpStatus;
      for (const [k, v] of Object.entries(e.headers)) ctx.set(k, v);
      ctx.type = 'application/json; charset=UTF-8';
      ctx.body = e.toJSON();
    }
  };

  return {
    name: 'google',
    prefix: '/google',
    middleware,
    store,
    summary: () => {
      const accounts = Object.values(store.state.accounts);
      return `Google OAuth + Business Profile APIs: ${store.state.users.length} users, ${accounts.length} accounts, ${Object.keys(store.state.locations).length} locations`;
    },
    async close() {
      store.flush();
    },
  };
}
