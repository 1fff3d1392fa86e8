import type { ParsedRequest, Role, RouteDef, RouteResponse } from '@locus/contracts';

/** Who is calling, read from a verified JWT (never from the body). */
export interface AuthContext {
  userId: string;
  role: Role;
  /** null only for an Administrator not viewing a company. */
  companyId: string | null;
  companyName: string | null;
  /** An Administrator acting inside a company (holds a CompanyAdmin token). */
  viewingAsAdmin: boolean;
  /** The administrator's own id when viewingAsAdmin. */
  adminUserId?: string;
  /** Token id (jti), used to revoke sessions. */
  tokenId: string;
  /** When the token was issued (`iat`): seconds since the epoch, with milliseconds. */
  issuedAt?: number;
}

export interface UploadedFile {
  field: string;
  originalName: string;
  mimeType: string;
  size: number;
  /** Temp path on disk. */
  path: string;
}

export interface RequestContext<P = Record<string, string>, Q = unknown, B = unknown> {
  auth: AuthContext | null;
  params: P;
  query: Q;
  body: B;
  files: UploadedFile[];
  requestId: string;
  correlationId: string;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
  /** scheme://host the browser used (X-Forwarded-Proto/Host only when the app trusts its proxy). */
  origin?: string;
}

/** The base URL for a redirect back to Locus: LOCUS_PUBLIC_URL when set, else where this request reached it. */
export function publicBaseOf(config: { publicUrl: string; publicUrlFixed?: boolean }, req: Pick<AnyRequest, 'origin'>): string {
  const base = config.publicUrlFixed || !req.origin ? config.publicUrl : req.origin;
  return base.replace(/\/+$/, '');
}

/** Any route's request, for helpers that read only what every request has (auth, ids, ip). */
export type AnyRequest = RequestContext<unknown, unknown, unknown>;

/**
 * The company the caller acts in, read from the token only. A caller without one (an Administrator
 * not viewing a company) gets the answer the route names in `whenNone`, e.g. the feature's 404.
 */
export function callerCompanyId(req: Pick<AnyRequest, 'auth'>, whenNone: () => Error): string {
  const companyId = req.auth?.companyId;
  if (!companyId) throw whenNone();
  return companyId;
}

export interface HandlerResult<B = unknown> {
  status?: number;
  body: B;
  /** Global position written by a command; sent back as header `X-Position`. */
  position?: number;
  headers?: Record<string, string>;
}

/** The request a route's handler reads: params, query and body as the route's schemas parse them. */
export type RouteRequest<R extends RouteDef> = RequestContext<ParsedRequest<R, 'params'>, ParsedRequest<R, 'query'>, ParsedRequest<R, 'body'>>;

/** JSON is never mutated on its way out: a handler may answer readonly arrays and objects. */
export type Answer<T> = T extends readonly (infer E)[] ? readonly Answer<E>[] : T extends object ? { readonly [K in keyof T]: Answer<T[K]> } : T;

/** A handler of route `R`: it reads the request as the route's schemas parse it and answers `H`. */
export type RouteHandler<R extends RouteDef, H = HandlerResult<Answer<RouteResponse<R>>>> = (req: RouteRequest<R>) => Promise<H>;

/** A route of the contracts table with its implementation; the kit applies auth and validation from `def`. */
export interface RouteImplementation {
  def: RouteDef;
  handle: (req: AnyRequest) => Promise<HandlerResult>;
}

/**
 * Pairs a route with its handler. The handler's request types come from the route's zod
 * schemas, and its answer must match the route's response schema: the answer `H` is inferred
 * from the handler (as `const`, so `Success: true` stays the literal the schema asks for, and
 * every return path counts) and bounded by the response type. The kit runs the route's
 * validation before the handler, so the handler's view of the request (the schemas' output)
 * holds at run time; the types are erased only here, for the mounting kit.
 */
export const implement = <const R extends RouteDef, const H extends HandlerResult<Answer<RouteResponse<R>>>>(
  def: R,
  handle: RouteHandler<R, H>,
): RouteImplementation => ({
  def,
  handle: handle as unknown as RouteImplementation['handle'],
});
