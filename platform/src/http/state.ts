import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import type { RouteDef } from '@locus/contracts';
import type { AuthContext, UploadedFile } from './route-handler';

/** What the kit's middleware put on `ctx.state`. */
export interface LocusState {
  requestId: string;
  correlationId: string;
  log?: Logger;
  auth?: AuthContext | null;
  route?: RouteDef;
  input?: { params?: unknown; query?: unknown; body?: unknown };
  files?: UploadedFile[];
}

export type LocusContext = Context & { state: LocusState };
export type LocusMiddleware = Middleware<LocusState>;
