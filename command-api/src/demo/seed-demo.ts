import type { Logger } from 'pino';
import type { Clock, EventStore, IdSource } from '@locus/platform';
import { findUserByEmail, createCompanyUser, openAccount, openCompany } from '../users/public';
import { hashPassword } from '../kit/passwords';
import { systemMetadata } from '../kit';

export interface SeedDeps {
  eventStore: EventStore;
  ids: IdSource;
  clock: Clock;
  logger?: Pick<Logger, 'info' | 'warn'>;
}

/**
 * The platform Administrator (used at start when LOCUS_DEMO=0, and by the demo seed). Creates
 * it when the email is free; an existing account is left as it is (its password is not reset).
 */
export async function ensureAdministrator(
  deps: SeedDeps,
  options: { adminEmail: string; adminPassword: string; firstName?: string; lastName?: string },
): Promise<{ userId: string; created: boolean }> {
  const existing = await findUserByEmail(deps.eventStore, options.adminEmail);
  if (existing && existing.state.status !== 'none') {
    if (existing.state.role !== 'Administrator') {
      deps.logger?.warn({ email: options.adminEmail }, 'The administrator email belongs to a company user; no administrator was created');
    }
    return { userId: existing.userId, created: false };
  }
  const userId = deps.ids.uuid();
  await openAccount(
    deps,
    {
      userId,
      companyId: null,
      role: 'Administrator',
      firstName: options.firstName ?? 'Platform',
      lastName: options.lastName ?? 'Administrator',
      email: options.adminEmail,
      phoneNumber: '',
      passwordHash: await hashPassword(options.adminPassword),
      isDefaultCompanyContact: false,
      source: 'bootstrap',
    },
    systemMetadata(deps, null),
  );
  deps.logger?.info({ email: options.adminEmail }, 'Administrator created');
  return { userId, created: true };
}

interface DemoPerson {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

interface DemoCompany {
  name: string;
  /** The sandbox Google user and business account(s) it connects: locations of its own trade, store codes of its own. */
  google: { userEmail: string; accounts: string[] };
  admin: DemoPerson;
  admins: DemoPerson[];
  users: DemoPerson[];
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    name: 'Harbor Dental Group',
    google: { userEmail: 'maria.garcia.biz@gmail.com', accounts: ['Garcia Family Dental'] },
    admin: { firstName: 'Olivia', lastName: 'Bennett', email: 'olivia.bennett@harbordental.example', phoneNumber: '(617) 555-0142' },
    admins: [{ firstName: 'Samuel', lastName: 'Brooks', email: 'samuel.brooks@harbordental.example', phoneNumber: '(617) 555-0178' }],
    users: [
      { firstName: 'Marcus', lastName: 'Reed', email: 'marcus.reed@harbordental.example', phoneNumber: '(617) 555-0193' },
      { firstName: 'Priya', lastName: 'Shah', email: 'priya.shah@harbordental.example', phoneNumber: '(617) 555-0127' },
    ],
  },
  {
    name: 'Summit Home Services',
    google: { userEmail: 'marcus.lee.newbiz@gmail.com', accounts: ['Summit Home Services'] },
    admin: { firstName: 'Daniel', lastName: 'Ortiz', email: 'daniel.ortiz@summithome.example', phoneNumber: '(303) 555-0116' },
    admins: [],
    users: [
      { firstName: 'Emily', lastName: 'Carter', email: 'emily.carter@summithome.example', phoneNumber: '(303) 555-0154' },
      { firstName: 'Jason', lastName: 'Nguyen', email: 'jason.nguyen@summithome.example', phoneNumber: '(303) 555-0109' },
      { firstName: 'Aisha', lastName: 'Khan', email: 'aisha.khan@summithome.example', phoneNumber: '(303) 555-0181' },
    ],
  },
  {
    name: 'Bluebird Insurance Agency',
    google: { userEmail: 'avery.johnson@gmail.com', accounts: ['Summit Insurance Partners'] },
    admin: { firstName: 'Rachel', lastName: 'Kim', email: 'rachel.kim@bluebirdins.example', phoneNumber: '(512) 555-0133' },
    admins: [],
    users: [
      { firstName: 'Thomas', lastName: 'Fischer', email: 'thomas.fischer@bluebirdins.example', phoneNumber: '(512) 555-0166' },
      { firstName: 'Laura', lastName: 'Martinez', email: 'laura.martinez@bluebirdins.example', phoneNumber: '(512) 555-0120' },
    ],
  },
];

export interface SeededCompany {
  companyId: string;
  name: string;
  google: DemoCompany['google'];
  defaultAdminId: string;
  userIds: string[];
}

/**
 * Demo data through the same commands as the UI: the Administrator, then three companies, each
 * with its default admin, maybe another admin and company users. Every demo account's password
 * is `demoPassword` (default: the administrator's). Skips a company whose admin email exists, so
 * running it twice adds nothing.
 */
export async function seedDemo(
  deps: SeedDeps,
  options: { adminEmail: string; adminPassword: string; demoPassword?: string },
): Promise<{ administratorId: string; companies: SeededCompany[] }> {
  const administrator = await ensureAdministrator(deps, options);
  const password = options.demoPassword ?? options.adminPassword;
  const passwordHash = await hashPassword(password);
  const companies: SeededCompany[] = [];
  for (const demo of DEMO_COMPANIES) {
    if (await findUserByEmail(deps.eventStore, demo.admin.email)) continue;
    const companyId = deps.ids.uuid();
    const defaultAdminId = deps.ids.uuid();
    const correlationId = deps.ids.uuid();
    const metadata = systemMetadata(deps, companyId, { correlationId });
    await openCompany(
      deps,
      { companyId, companyName: demo.name, source: 'seed', defaultAdmin: { userId: defaultAdminId, ...demo.admin, passwordHash } },
      metadata,
    );
    const userIds: string[] = [];
    for (const [people, role] of [
      [demo.admins, 'CompanyAdmin'],
      [demo.users, 'CompanyUser'],
    ] as const) {
      for (const person of people) {
        const { userId } = await createCompanyUser(
          deps,
          {
            companyId,
            FirstName: person.firstName,
            LastName: person.lastName,
            Email: person.email,
            PhoneNumber: person.phoneNumber,
            role,
            password,
            source: 'seed',
          },
          metadata,
        );
        userIds.push(userId);
      }
    }
    companies.push({ companyId, name: demo.name, google: demo.google, defaultAdminId, userIds });
  }
  deps.logger?.info({ companies: companies.length }, 'Demo companies seeded');
  return { administratorId: administrator.userId, companies };
}
