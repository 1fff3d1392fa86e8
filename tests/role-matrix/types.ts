import type { RouteDef } from '@locus/contracts';
import type { CommandDeps, QueryDeps } from '@locus/platform';

/** The callers every route is tried with. */
export const CALLERS = [
  'anonymous',
  'companyUser',
  'companyAdmin',
  'administrator',
  'adminViewingCompany',
  'companyAuditor',
  'locationStaff',
  'unassignedUser',
] as const;
export type Caller = (typeof CALLERS)[number];

export interface SeededUser {
  userId: string;
  token: string;
}

export interface SeededCompany {
  companyId: string;
  companyName: string;
  companyUser: SeededUser;
  companyAdmin: SeededUser;
  /** The administrator's token while viewing this company (a CompanyAdmin token with viewingAsAdmin). */
  adminViewing: SeededUser;
  /** A CompanyAuditor of this company (read-only: every write route answers 403). */
  companyAuditor: SeededUser;
  /**
   * CompanyUsers by what they hold on the company's locations: `companyUser` is a co-owner of
   * every location the fixtures seed, `locationStaff` a staff member of each, `unassignedUser`
   * holds none (so every location, assigned to the others, is another user's to it).
   */
  locationStaff: SeededUser;
  unassignedUser: SeededUser;
}

export interface MatrixIdentities {
  administrator: SeededUser;
  companies: { a: SeededCompany; b: SeededCompany };
}

/** A running stack the matrix calls over real HTTP. */
export interface MatrixStack {
  baseUrl: string;
  commandDeps: CommandDeps;
  queryDeps: QueryDeps;
  /** Resolves when the projections have processed everything appended so far. */
  waitForProjections(): Promise<void>;
  /** Method and path of every route the stack mounted (to find routes missing from the table). */
  mountedRoutes(): { method: string; path: string }[];
}

export type CompanyKey = 'a' | 'b';

export interface SampleContext {
  stack: MatrixStack;
  identities: MatrixIdentities;
  caller: Caller;
  /** Whose entities the request should name; 'b' while the matrix checks tenancy with A's token. */
  companyKey: CompanyKey;
  company: SeededCompany;
}

/** One request for a route. Built afresh for each call, so a sample may create what it deletes. */
export interface SampleRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** multipart/form-data body (routes with request.multipart). */
  form?: FormData;
  /** Status an allowed caller gets; default: any 2xx. */
  expect?: number;
  /** A token of the caller's own in place of the shared one (a sample that ends its session). */
  token?: string;
}

export type RouteSample = (ctx: SampleContext) => SampleRequest | Promise<SampleRequest>;

/**
 * A feature's contribution to the matrix: a sample request for each of its routes, and
 * optionally what it seeds in both companies before the matrix runs.
 */
export interface FixtureProvider {
  name: string;
  /** Creates the administrator, both companies and their users. Exactly one provider may (else tokens are minted). */
  seedIdentities?(stack: MatrixStack): Promise<MatrixIdentities>;
  /** Seeds the feature's entities in companies a and b (after identities). */
  seed?(stack: MatrixStack, identities: MatrixIdentities): Promise<void>;
  /** Runs after every provider seeded (assigning the seeded locations to the company users). */
  afterSeed?(stack: MatrixStack, identities: MatrixIdentities): Promise<void>;
  samples: Record<string, RouteSample>;
}

export type FixtureProviderFactory = () => FixtureProvider;

export interface MatrixCase {
  route: RouteDef;
  /** Whose token is sent. */
  caller: Caller;
  /** Whose company the caller belongs to (for company-bound callers). */
  callerCompany: CompanyKey;
  /** Whose ids the sample names. */
  companyKey: CompanyKey;
  /** `location`: a company user without the route's right on the location (RouteDef.location). */
  kind: 'denied' | 'location' | 'tenancy' | 'tenancy-control' | 'allowed';
  /** Exact status, or 'success' (the sample's `expect`, default any 2xx). */
  expect: 401 | 403 | 404 | 'success';
}
