import Koa from 'koa';
import { escapeHtml, htmlPage } from './kit/html';
import type { SandboxEnv, SandboxModule, SandboxModuleFactory } from './kit/module';
import { createGoogleModule } from './google';
import { createLlmModule } from './llm';
import { createLocalezeModule } from './localeze';
import { createMailboxModule } from './mailbox';
import { createMicrosoftModule } from './microsoft';

/**
 * The simulators, in mount order. Adding one is one line here: a factory taking the
 * SandboxEnv and returning a SandboxModule that owns a URL prefix (see kit/module.ts).
 */
export const sandboxModules: SandboxModuleFactory[] = [createGoogleModule, createMailboxModule, createMicrosoftModule, createLlmModule, createLocalezeModule];

export interface SandboxServer {
  app: Koa;
  modules: SandboxModule[];
}

export async function createSandboxServer(env: SandboxEnv, factories: SandboxModuleFactory[] = sandboxModules): Promise<SandboxServer> {
  const modules: SandboxModule[] = [];
  for (const factory of factories) modules.push(await factory(env));
  const app = new Koa();
  app.proxy = false;

  app.use(async function requestErrors(ctx, next) {
    try {
      await next();
    } catch (err) {
      env.log(`sandbox: unhandled error on ${ctx.method} ${ctx.path}: ${(err as Error).stack ?? String(err)}`);
      ctx.status = 500;
      ctx.body = { error: 'internal', message: 'Sandbox internal error' };
    }
  });

  app.use(async function sandboxIndex(ctx, next) {
    if (ctx.path !== '/' || ctx.method !== 'GET') return next();
    ctx.type = 'html';
    ctx.body = htmlPage(
      'Locus sandbox',
      `<header><span class="brand">Locus sandbox</span></header><main><div class="card">
<p>Simulators of the outside services Locus talks to. Nothing here reaches the real services.</p>
<ul>${modules.map((m) => `<li><a href="${escapeHtml(m.prefix)}">${escapeHtml(m.prefix)}</a> — ${escapeHtml(m.summary?.() ?? m.name)}</li>`).join('')}</ul>
</div></main>`,
    );
  });

  for (const m of modules) app.use(m.middleware);

  app.use(async function notFound(ctx) {
    ctx.status = 404;
    ctx.body = { error: 'not_found', message: `No sandbox route for ${ctx.method} ${ctx.path}` };
  });

  return { app, modules };
}
