import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { hasLocationRight, mayCall, type OpenApiDocument, type Role, type RouteDef } from '@locus/contracts';
import { openApiConformance } from './openapi-conformance';
import {
  CALLERS,
  type Caller,
  type CompanyKey,
  type FixtureProvider,
  type MatrixCase,
  type MatrixIdentities,
  type MatrixStack,
  type RouteSample,
  type SampleContext,
} from './types';

const ROLE_OF: Record<Exclude<Caller, 'anonymous'>, Role> = {
  companyUser: 'CompanyUser',
  companyAdmin: 'CompanyAdmin',
  administrator: 'Administrator',
  adminViewingCompany: 'CompanyAdmin',
  companyAuditor: 'CompanyAuditor',
  locationStaff: 'CompanyUser',
  unassignedUser: 'CompanyUser',
};

const COMPANY_BOUND: readonly Caller[] = ['companyUser', 'companyAdmin', 'adminViewingCompany', 'companyAuditor', 'locationStaff', 'unassignedUser'];

/**
 * What a company user gets on a route that acts on one location (RouteDef.location): the
 * unassigned user 404 (the location is another user's), the staff member 403 where an owner's
 * right is needed; everyone else what the route answers.
 */
export function locationExpectation(route: RouteDef, caller: Caller): 'success' | 403 | 404 {
  if (!route.location) return 'success';
  if (caller === 'unassignedUser') return 404;
  if (caller === 'locationStaff') return hasLocationRight('staff', route.location.needs) ? 'success' : 403;
  return 'success';
}

export function isCallerAllowed(route: RouteDef, caller: Caller): boolean {
  if (route.roles.includes('Anonymous')) return true;
  if (caller === 'anonymous') return false;
  return mayCall(route, ROLE_OF[caller]);
}

/**
 * The cases of one route: every caller (401 anonymous, 403 wrong role, success otherwise),
 * and for routes with tenantParams, each allowed company-bound caller of A naming B's ids
 * (404), plus B's own caller naming B's ids (success: proves B's ids exist).
 * Denied and tenancy cases run before the allowed ones, so a sample that deletes runs last.
 */
export function casesOf(route: RouteDef): MatrixCase[] {
  const denied: MatrixCase[] = [];
  const allowed: MatrixCase[] = [];
  const tenancy: MatrixCase[] = [];
  for (const caller of CALLERS) {
    const base = { route, caller, callerCompany: 'a' as CompanyKey, companyKey: 'a' as CompanyKey };
    const scoped = isCallerAllowed(route, caller) ? locationExpectation(route, caller) : null;
    if (scoped === 'success') allowed.push({ ...base, kind: 'allowed', expect: 'success' });
    else if (scoped !== null) denied.push({ ...base, kind: 'location', expect: scoped });
    else denied.push({ ...base, kind: 'denied', expect: caller === 'anonymous' ? 401 : 403 });
  }
  if (route.tenantParams?.length) {
    for (const caller of COMPANY_BOUND) {
      if (!isCallerAllowed(route, caller)) continue;
      tenancy.push({ route, caller, callerCompany: 'a', companyKey: 'b', kind: 'tenancy', expect: 404 });
    }
    const control = COMPANY_BOUND.find((c) => isCallerAllowed(route, c));
    if (control) tenancy.push({ route, caller: control, callerCompany: 'b', companyKey: 'b', kind: 'tenancy-control', expect: 'success' });
  }
  return [...denied, ...tenancy, ...allowed];
}

export function tokenOf(identities: MatrixIdentities, caller: Caller, company: CompanyKey): string | undefined {
  const c = identities.companies[company];
  switch (caller) {
    case 'anonymous':
      return undefined;
    case 'administrator':
      return identities.administrator.token;
    case 'companyUser':
      return c.companyUser.token;
    case 'companyAdmin':
      return c.companyAdmin.token;
    case 'adminViewingCompany':
      return c.adminViewing.token;
    case 'companyAuditor':
      return c.companyAuditor.token;
    case 'locationStaff':
      return c.locationStaff.token;
    case 'unassignedUser':
      return c.unassignedUser.token;
  }
}

export function pathOf(route: RouteDef, params: Record<string, string> = {}): string {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The sample for ${route.name} gives no value for path param :${name}`);
    return encodeURIComponent(value);
  });
}

export interface MatrixResponse {
  status: number;
  contentType: string;
  text: string;
}

export async function callRoute(stack: MatrixStack, route: RouteDef, sample: Awaited<ReturnType<RouteSample>>, token?: string): Promise<MatrixResponse> {
  const url = new URL(pathOf(route, sample.params), stack.baseUrl);
  for (const [k, v] of Object.entries(sample.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (sample.form) body = sample.form;
  else if (sample.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(sample.body);
  }
  const controller = new AbortController();
  const res = await fetch(url, { method: route.method, headers, body, signal: controller.signal });
  const contentType = res.headers.get('content-type') ?? '';
  if (contentType.startsWith('text/event-stream')) {
    // A live stream: status and headers are the answer.
    controller.abort();
    return { status: res.status, contentType, text: '' };
  }
  return { status: res.status, contentType, text: await res.text() };
}

/** Route names without a sample, and sample names that are not routes. */
export function coverageProblems(routes: readonly RouteDef[], samples: Record<string, RouteSample>) {
  const names = new Set(routes.map((r) => r.name));
  return {
    missing: routes.filter((r) => !samples[r.name]).map((r) => r.name),
    unknown: Object.keys(samples).filter((n) => !names.has(n)),
  };
}

export function mergeSamples(providers: readonly FixtureProvider[]): { samples: Record<string, RouteSample>; duplicates: string[] } {
  const samples: Record<string, RouteSample> = {};
  const duplicates: string[] = [];
  for (const p of providers) {
    for (const [name, sample] of Object.entries(p.samples)) {
      if (samples[name]) duplicates.push(`${name} (${p.name})`);
      samples[name] = sample;
    }
  }
  return { samples, duplicates };
}

const INFRA_PATHS = /^\/(health|ready|metrics)$|^\/api\/docs(\/|$)/;

export interface RoleMatrixOptions {
  routeTable: readonly RouteDef[];
  providers: readonly FixtureProvider[];
  startStack(): Promise<MatrixStack & { close(): Promise<void> }>;
  /** Creates identities when no provider does (tokens minted for ids that exist nowhere). */
  mintIdentities(stack: MatrixStack): Promise<MatrixIdentities>;
  /** The OpenAPI document served at /api/docs/openapi.json: every answer is checked against it. */
  openApi: OpenApiDocument;
}

const describeExpectation = (c: MatrixCase) =>
  `${c.caller}${c.kind === 'allowed' || c.kind === 'denied' || c.kind === 'location' ? '' : ` of ${c.callerCompany.toUpperCase()} naming ${c.companyKey.toUpperCase()}'s ids`} → ${c.expect}`;

/**
 * Registers the role/tenancy matrix as vitest tests: one per route and case, plus the
 * coverage checks (every route in the table has a sample; every mounted route is in the
 * table; every tenant param is a path param).
 */
export function describeRoleMatrix(options: RoleMatrixOptions): void {
  const { routeTable, providers } = options;
  const { samples, duplicates } = mergeSamples(providers);
  const conformance = openApiConformance(options.openApi);
  let stack: (MatrixStack & { close(): Promise<void> }) | undefined;
  let identities: MatrixIdentities;

  describe('role and tenancy matrix', () => {
    beforeAll(async () => {
      stack = await options.startStack();
      const seeders = providers.filter((p) => p.seedIdentities);
      if (seeders.length > 1) throw new Error(`Only one provider may seed identities: ${seeders.map((p) => p.name).join(', ')}`);
      identities = seeders[0] ? await seeders[0].seedIdentities!(stack) : await options.mintIdentities(stack);
      for (const p of providers) await p.seed?.(stack, identities);
      await stack.waitForProjections();
      for (const p of providers) await p.afterSeed?.(stack, identities);
      await stack.waitForProjections();
    });
    afterAll(async () => {
      await stack?.close();
    });

    describe('coverage', () => {
      it('every route in the table declares a sample request', () => {
        expect(coverageProblems(routeTable, samples).missing, 'routes without a sample in tests/role-matrix/fixtures').toEqual([]);
      });
      it('every sample names a route of the table, once', () => {
        expect(coverageProblems(routeTable, samples).unknown, 'samples for routes not in the table').toEqual([]);
        expect(duplicates, 'routes with samples from two providers').toEqual([]);
      });
      it('every mounted route is in the table', () => {
        const listed = new Set(routeTable.map((r) => `${r.method} ${r.path}`));
        const unlisted = stack!
          .mountedRoutes()
          .filter((r) => !INFRA_PATHS.test(r.path))
          .map((r) => `${r.method} ${r.path}`)
          .filter((key) => !listed.has(key));
        expect(unlisted, 'implemented routes missing from contracts/src/routes/index.ts').toEqual([]);
      });
      it('route names and method+path pairs are unique, tenant params are path params', () => {
        const names = routeTable.map((r) => r.name);
        expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
        const keys = routeTable.map((r) => `${r.method} ${r.path}`);
        expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
        const bad = routeTable.flatMap((r) => (r.tenantParams ?? []).filter((p) => !r.path.includes(`:${p}`)).map((p) => `${r.name}: ${p}`));
        expect(bad).toEqual([]);
      });
    });

    for (const route of routeTable) {
      describe(`${route.method} ${route.path} (${route.name})`, () => {
        for (const c of casesOf(route)) {
          it(describeExpectation(c), async () => {
            const sample = samples[route.name];
            if (!sample) throw new Error(`No sample request for ${route.name}: add one to a fixture provider in tests/role-matrix/fixtures`);
            const company = identities.companies[c.companyKey];
            const ctx: SampleContext = { stack: stack!, identities, caller: c.caller, companyKey: c.companyKey, company };
            const request = await sample(ctx);
            const res = await callRoute(stack!, route, request, request.token ?? tokenOf(identities, c.caller, c.callerCompany));
            const detail = `${route.method} ${route.path} as ${c.caller} answered ${res.status}: ${res.text.slice(0, 300)}`;
            if (c.expect === 'success') {
              if (request.expect !== undefined) expect(res.status, detail).toBe(request.expect);
              else expect(res.status >= 200 && res.status < 300, detail).toBe(true);
            } else {
              expect(res.status, detail).toBe(c.expect);
            }
            expect(conformance.check(route, res), `${detail}\ndoes not match the OpenAPI document`).toEqual([]);
          });
        }
      });
    }
  });
}
