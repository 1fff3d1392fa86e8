import type { Role, RouteDef } from '@locus/contracts';

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
}

export interface HandlerResult {
  status?: number;
  body: unknown;
  /** Global position written by a command; sent back as header `X-Position`. */
  position?: number;
  headers?: Record<string, string>;
}

export type RouteHandler<P = any, Q = any, B = any> = (req: RequestContext<P, Q, B>) => Promise<HandlerResult>;

/** A route of the contracts table with its implementation; the kit applies auth and validation from `def`. */
export interface RouteImplementation<P = any, Q = any, B = any> {
  def: RouteDef;
  handle: RouteHandler<P, Q, B>;
}

export const implement = <P = any, Q = any, B = any>(def: RouteDef, handle: RouteHandler<P, Q, B>): RouteImplementation<P, Q, B> => ({
  def,
  handle,
});
