import type { z } from 'zod';
import type { Role } from '../event-envelope';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Error statuses a route may declare in `answers.errors`. */
export type ErrorStatus = 401 | 403 | 404 | 409 | 422 | 429 | 503;

/**
 * Who may call a route. 'Anonymous' = no token needed; 'Authenticated' = any signed-in role.
 * An Administrator viewing as a company holds a CompanyAdmin token with viewingAsAdmin = true.
 */
export type Access = Role | 'Anonymous' | 'Authenticated';

export interface RouteDef {
  /** Stable name: `companies.create`, `auth.login`. */
  name: string;
  method: HttpMethod;
  /** Koa-router path with `:params`, including the /api prefix. */
  path: string;
  kind: 'command' | 'query';
  roles: readonly Access[];
  summary?: string;
  /** What the operation does, for the API reference (Markdown; who may call it is added). */
  description?: string;
  /**
   * Answers the OpenAPI document lists beyond what kind, roles and params imply: success media
   * types other than JSON, 201 instead of 200 (created), 202 besides (Google's answer has not
   * come yet: the write is pending), and error statuses a route answers besides.
   */
  answers?: { media?: readonly string[]; created?: true; pending?: true; errors?: readonly ErrorStatus[] };
  request?: { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType; multipart?: boolean };
  response?: z.ZodType;
  /**
   * Path params that hold ids of company-owned entities: the role/tenancy matrix
   * checks that another company's id answers 404.
   */
  tenantParams?: readonly string[];
  /**
   * The route acts on one location: a company user needs `needs` on it (no right: 404, as for
   * another company's; a lesser right: 403). With `param`, the kit checks the location in that
   * path param before the handler; without, the handler finds the location (a review's) and checks.
   */
  location?: { param?: string; needs: LocationNeed };
}

/**
 * What a caller may do on one location, least to most: an auditor reads; a staff member also
 * replies to reviews; an owner (primary or co-owner) also edits the profile, hours, attributes,
 * media and posts; a company admin does everything.
 */
export const LOCATION_RIGHTS = ['read', 'staff', 'owner', 'admin'] as const;
export type LocationRight = (typeof LOCATION_RIGHTS)[number];
/** What a route may ask of a caller on a location (creating, publishing and deleting are the admins' by role). */
export type LocationNeed = Exclude<LocationRight, 'admin'>;

export const hasLocationRight = (right: LocationRight | null, needs: LocationRight): boolean =>
  right !== null && LOCATION_RIGHTS.indexOf(right) >= LOCATION_RIGHTS.indexOf(needs);

export const defineRoute = <R extends RouteDef>(route: R): R => route;

/**
 * Whether a signed-in role may call a route. A CompanyAuditor reads what company members read
 * (every query route open to CompanyAdmin, CompanyUser or any signed-in caller) and calls
 * the routes that name it; it never calls a command, so every write route answers it 403.
 */
export function mayCall(route: Pick<RouteDef, 'roles' | 'method' | 'kind'>, role: Role): boolean {
  if (route.roles.includes('Anonymous') || route.roles.includes(role)) return true;
  if (role === 'CompanyAuditor') {
    // A query is a read whatever its method (the directory and review tables POST their filters).
    const isRead = route.kind === 'query';
    return isRead && (route.roles.includes('Authenticated') || route.roles.includes('CompanyAdmin') || route.roles.includes('CompanyUser'));
  }
  return route.roles.includes('Authenticated');
}

/*
 * Types that flow from a route's schemas. The server reads a request after its schemas parsed
 * it (`z.output`: defaults filled, strings trimmed); the client sends what the schemas accept
 * (`z.input`). Both sides see the response as the handler answers it (`z.output`).
 */
type RequestPart = 'params' | 'query' | 'body';
type SchemaOf<R, K extends RequestPart> = R extends { request?: infer Q }
  ? Exclude<Q, undefined> extends { [P in K]?: infer S }
    ? Exclude<S, undefined>
    : never
  : never;

/** What the kit hands a handler for a part the route declares no schema for (as Koa reads it). */
interface UndeclaredParts {
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** A request part as the handler reads it, after validation. */
export type ParsedRequest<R extends RouteDef, K extends RequestPart> = [SchemaOf<R, K>] extends [never]
  ? UndeclaredParts[K]
  : SchemaOf<R, K> extends z.ZodType
    ? z.output<SchemaOf<R, K>>
    : UndeclaredParts[K];

/** A request part as the client sends it (before the server's schemas parse it). */
export type RequestInput<R extends RouteDef, K extends RequestPart> = [SchemaOf<R, K>] extends [never]
  ? never
  : SchemaOf<R, K> extends z.ZodType
    ? z.input<SchemaOf<R, K>>
    : never;

/** The body of a route's successful answer, per its response schema (`unknown` without one). */
export type RouteResponse<R extends RouteDef> = R extends { response?: infer S }
  ? [Exclude<S, undefined>] extends [never]
    ? unknown
    : Exclude<S, undefined> extends z.ZodType
      ? z.output<Exclude<S, undefined>>
      : unknown
  : unknown;
