import type { z } from 'zod';
import type { Role } from '../event-envelope';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
  request?: { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType; multipart?: boolean };
  response?: z.ZodType;
  /**
   * Path params that hold ids of company-owned entities: the role/tenancy matrix
   * checks that another company's id answers 404.
   */
  tenantParams?: readonly string[];
}

export const defineRoute = <R extends RouteDef>(route: R): R => route;
