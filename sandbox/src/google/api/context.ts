import type Koa from 'koa';
import type { RouteTable } from '../../kit/routes';
import type { GoogleStore } from '../store';

export const PATHS = {
  accountManagement: '/google/mybusinessaccountmanagement/v1',
  businessInformation: '/google/mybusinessbusinessinformation/v1',
  v4: '/google/mybusiness/v4',
  performance: '/google/businessprofileperformance/v1',
  qanda: '/google/mybusinessqanda/v1',
  verifications: '/google/mybusinessverifications/v1',
} as const;

export interface Caller {
  sub: string;
  scope: string;
}

export interface GoogleApi {
  store: GoogleStore;
  /** Absolute URL for a sandbox path. */
  abs(path: string): string;
  /** Verifies the bearer token (401/403 in Google's shape) and counts the query. */
  caller(ctx: Koa.Context): Caller;
}

export type RegisterRoutes = (routes: RouteTable, api: GoogleApi) => void;
