import { randomUUID } from 'node:crypto';
import { companyStream, userStream, type EventMetadata } from '@locus/contracts';
import type { CommandDeps, ProjectionDefinition } from '@locus/platform';
import type { CommandFeature, ReactorFeature } from '../../features';
import type { ScheduleFeature } from '../../kit/every';
import type { QueryFeature } from '@locus/query-api/features';
import type { RunningSandbox } from '@locus/sandbox/index';
import { startTestStack, type TestStack } from '@locus/tests/stack/test-stack';
import { connectionsCommandRoutes, connectionsReactors } from '../../connections';
import { seedDemoLocations } from '../../connections/demo';
import { emailStreamOf } from '../../users/email-reservation';
import {
  bulkEditCommandRoutes,
  bulkEditReactors,
  emailImportCommandRoutes,
  locationDefaultsCommandRoutes,
  locationsCommandRoutes,
  locationsReactors,
} from '..';
import { connectionsQueryRoutes } from '@locus/query-api/connections/index';
import { bulkEditQueryRoutes, locationDefaultsQueryRoutes, locationsQueryRoutes } from '@locus/query-api/locations/index';
import { connectionsProjection } from '@locus/projectors/connections/index';
import { bulkEditProjection, locationDefaultsProjection, locationsProjection, locationUsersProjection } from '@locus/projectors/locations/index';
import { usersProjection } from '@locus/projectors/users/users-projection';

/**
 * The connections and locations features on the one test stack, with their projections and
 * reactors and the Google sandbox over real HTTP.
 */
export interface LocationsTestStack {
  baseUrl: string;
  /** The query server (live stream). */
  queryUrl: string;
  config: TestStack['config'];
  /** The one test stack underneath (apiSpec, call, waitForReactors). */
  test: TestStack;
  sandbox: RunningSandbox;
  deps: CommandDeps;
  waitForProjections(): Promise<void>;
  readModels: TestStack['readModels'];
  eventStore: TestStack['eventStore'];
  /** A company with a name, its admin and one company user (real user streams). */
  seedCompany(
    name?: string | null,
    adminEmail?: string,
  ): Promise<{ companyId: string; adminId: string; userId: string; adminToken: string; userToken: string }>;
  /**
   * The company's admin connected the sandbox Google account and its locations were imported,
   * through the real flow; fails when the import does not complete.
   */
  googleImported(
    company: { companyId: string; adminId: string },
    account: { googleUserEmail: string; accountName: string },
  ): Promise<NonNullable<Awaited<ReturnType<typeof seedDemoLocations>>>>;
  tokenFor(userId: string, role: 'CompanyAdmin' | 'CompanyUser' | 'Administrator', companyId: string | null): Promise<string>;
  close(): Promise<void>;
}

/** Features another slice adds on top of connections and locations (e.g. post templates). */
export interface LocationsTestStackExtras {
  commandFeatures?: CommandFeature[];
  queryFeatures?: QueryFeature[];
  projections?: ProjectionDefinition[];
  reactors?: ReactorFeature[];
  schedules?: ScheduleFeature[];
  /** Extra environment for the config (e.g. a schedule's interval). */
  env?: Record<string, string>;
}

export async function startLocationsTestStack(options: { outcomeTimeoutMs?: number; extras?: LocationsTestStackExtras } = {}): Promise<LocationsTestStack> {
  const extras = options.extras ?? {};
  const stack = await startTestStack({
    sandbox: true,
    commandFeatures: [
      (d) => connectionsCommandRoutes(d),
      (d) => locationsCommandRoutes(d, { outcomeTimeoutMs: options.outcomeTimeoutMs ?? 15_000 }),
      bulkEditCommandRoutes,
      emailImportCommandRoutes,
      (d) => locationDefaultsCommandRoutes(d),
      ...(extras.commandFeatures ?? []),
    ],
    queryFeatures: [connectionsQueryRoutes, locationsQueryRoutes, bulkEditQueryRoutes, locationDefaultsQueryRoutes, ...(extras.queryFeatures ?? [])],
    projections: [
      connectionsProjection,
      locationsProjection,
      locationUsersProjection,
      usersProjection,
      bulkEditProjection,
      locationDefaultsProjection,
      ...(extras.projections ?? []),
    ],
    reactors: [(d) => connectionsReactors(d), (d) => locationsReactors(d), (d) => bulkEditReactors(d), ...(extras.reactors ?? [])],
    schedules: extras.schedules ?? [],
    ...(extras.env ? { env: extras.env } : {}),
    sessionValidation: false,
  });
  const { eventStore } = stack;
  const deps = stack.commandDeps;

  const metadata = (companyId: string | null): EventMetadata => ({
    companyId,
    actor: { userId: 'system', role: 'System' },
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
  });
  const tokenFor = (userId: string, role: 'CompanyAdmin' | 'CompanyUser' | 'Administrator', companyId: string | null) =>
    stack.tokenFor(role, companyId, { userId, fullName: 'Test User', email: `${userId}@example.test` });

  const user = async (companyId: string, role: 'CompanyAdmin' | 'CompanyUser', firstName: string, lastName: string, givenEmail?: string) => {
    const userId = randomUUID();
    const email = givenEmail ?? `${firstName.toLowerCase()}.${userId.slice(0, 6)}@example.test`;
    await eventStore.append(emailStreamOf(email), [{ id: randomUUID(), type: 'EmailReserved', data: { userId }, metadata: metadata(companyId) }], {
      expectedRevision: 'no_stream',
    });
    await eventStore.append(
      userStream(userId),
      [
        {
          id: randomUUID(),
          type: 'UserCreated',
          data: {
            userId,
            companyId,
            role,
            firstName,
            lastName,
            email,
            phoneNumber: '',
            passwordHash: null,
            isDefaultCompanyContact: role === 'CompanyAdmin',
            source: 'seed',
          },
          metadata: metadata(companyId),
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    return userId;
  };

  return {
    baseUrl: stack.baseUrl,
    queryUrl: stack.queryUrl,
    config: stack.config,
    test: stack,
    sandbox: stack.sandbox!,
    deps,
    waitForProjections: stack.waitForProjections,
    readModels: stack.readModels,
    eventStore: stack.eventStore,
    async seedCompany(name = 'Acme Test Co', adminEmail?: string) {
      const companyId = randomUUID();
      const adminId = await user(companyId, 'CompanyAdmin', 'Alice', 'Admin', adminEmail);
      const userId = await user(companyId, 'CompanyUser', 'Uma', 'User');
      await eventStore.append(
        companyStream(companyId),
        [
          {
            id: randomUUID(),
            type: 'CompanyCreated',
            data: { companyId, companyName: name, defaultAdminId: adminId, source: 'seed' },
            metadata: metadata(companyId),
          },
        ],
        { expectedRevision: 'no_stream' },
      );
      return {
        companyId,
        adminId,
        userId,
        adminToken: await tokenFor(adminId, 'CompanyAdmin', companyId),
        userToken: await tokenFor(userId, 'CompanyUser', companyId),
      };
    },
    async googleImported(company, account) {
      const seeded = await seedDemoLocations(deps, {
        companyId: company.companyId,
        adminUserId: company.adminId,
        googleUserEmail: account.googleUserEmail,
        accountNames: [account.accountName],
        waitMs: 60_000,
      });
      if (!seeded?.completed) throw new Error(`the import of ${account.accountName} did not complete`);
      return seeded;
    },
    tokenFor,
    close: stack.close,
  };
}
