import { randomUUID } from 'node:crypto';
import type { ProjectionDefinition, ReactorDefinition } from '@locus/platform';
import type { CommandFeature } from '@locus/command-api/features';
import type { QueryFeature } from '@locus/query-api/features';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox } from '@locus/sandbox/index';
import { createLocalezeModule } from '@locus/sandbox/localeze/index';
import { startTestStack } from '../stack/test-stack';
import type { MatrixIdentities, MatrixStack, SeededUser } from './types';

export interface MatrixStackOptions {
  projections: readonly ProjectionDefinition[];
  /** Reactors to run (side effects some samples rely on, e.g. seeding); default none. */
  reactors?: readonly ReactorDefinition[];
  /** Default: the manifests in command-api/src/features.ts and query-api/src/features.ts. */
  commandFeatures?: CommandFeature[];
  queryFeatures?: QueryFeature[];
  /** The manifests' session checks (deleted users, revoked sessions); default false. */
  sessionValidation?: boolean;
}

export interface RunningMatrixStack extends MatrixStack {
  close(): Promise<void>;
}

/** The one test stack as the all-in-one launcher composes it: command-api and query-api on one router. */
export async function startMatrixStack(options: MatrixStackOptions): Promise<RunningMatrixStack> {
  const reactors = options.reactors ?? [];
  // Localeze's simulator alone (query routes read it at each call); Google is not running.
  const localezeDir = mkdtempSync(path.join(tmpdir(), 'locus-matrix-localeze-'));
  const localeze = await startSandbox({
    httpPort: 0,
    smtpPort: 0,
    dataDir: localezeDir,
    moduleFactories: [createLocalezeModule],
    log: () => undefined,
  });
  const stack = await startTestStack({
    projections: options.projections,
    reactors: reactors.length ? [() => [...reactors]] : [],
    commandFeatures: options.commandFeatures,
    queryFeatures: options.queryFeatures,
    sessionValidation: options.sessionValidation ?? false,
    env: { LOCUS_LOCALEZE_URL: `${localeze.url}/localeze/v1` },
  });
  return {
    ...stack,
    async close() {
      await stack.close();
      await localeze.close();
      rmSync(localezeDir, { recursive: true, force: true });
    },
  };
}

/**
 * Identities when no feature seeds real ones: tokens signed for fresh ids. Good enough for
 * routes that only check roles; features with a session check seed real users instead.
 */
export async function mintIdentities(stack: MatrixStack): Promise<MatrixIdentities> {
  const { tokens } = stack.commandDeps;
  const user = async (
    role: 'Administrator' | 'CompanyAdmin' | 'CompanyUser' | 'CompanyAuditor',
    companyId: string | null,
    companyName: string | null,
    admin?: SeededUser,
  ): Promise<SeededUser> => {
    const userId = admin?.userId ?? randomUUID();
    const { token } = await tokens.issue({
      userId,
      role,
      companyId,
      companyName,
      fullName: `${role} ${companyName ?? ''}`.trim(),
      email: `${role.toLowerCase()}-${userId.slice(0, 8)}@example.com`,
      viewingAsAdmin: Boolean(admin),
      ...(admin ? { adminUserId: admin.userId } : {}),
    });
    return { userId, token };
  };
  const administrator = await user('Administrator', null, null);
  const company = async (name: string) => {
    const companyId = randomUUID();
    return {
      companyId,
      companyName: name,
      companyUser: await user('CompanyUser', companyId, name),
      companyAdmin: await user('CompanyAdmin', companyId, name),
      adminViewing: await user('CompanyAdmin', companyId, name, administrator),
      companyAuditor: await user('CompanyAuditor', companyId, name),
      locationStaff: await user('CompanyUser', companyId, name),
      unassignedUser: await user('CompanyUser', companyId, name),
    };
  };
  return { administrator, companies: { a: await company('Company A'), b: await company('Company B') } };
}
