import { createRng, type Rng } from '../kit/rng';

/**
 * Seeded Microsoft Entra tenants: each has one app registration (client id + secret that a
 * company enters in the Important Notice! dialog) and a directory of realistic users.
 * Everything derives from fixed seeds, so ids are stable across restarts.
 */
export interface DirectoryUser {
  id: string;
  displayName: string;
  givenName: string;
  surname: string;
  userPrincipalName: string;
  mail: string;
  jobTitle: string;
  mobilePhone: string | null;
  businessPhones: string[];
  officeLocation: string;
  preferredLanguage: string;
  accountEnabled: boolean;
  /** Sandbox-only: may sign in at the authorize page and grant admin consent. */
  isTenantAdmin: boolean;
}

export interface AppRegistration {
  displayName: string;
  clientId: string;
  clientSecret: string;
  /** Delegated Graph permissions granted to the app (admin consent). */
  delegatedPermissions: string[];
}

export interface Tenant {
  tenantId: string;
  domain: string;
  displayName: string;
  app: AppRegistration;
  users: DirectoryUser[];
}

export interface TenantSeed {
  tenantId: string;
  domain: string;
  displayName: string;
  app: AppRegistration;
  admins: { givenName: string; surname: string; jobTitle: string }[];
  generatedUsers: number;
  offices: string[];
  areaCode: string;
}

const GIVEN_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'Lucas',
  'Isabella',
  'Mason',
  'Mia',
  'Ethan',
  'Harper',
  'Logan',
  'Amelia',
  'James',
  'Evelyn',
  'Benjamin',
  'Abigail',
  'Henry',
  'Emily',
  'Sebastian',
  'Ella',
  'Jackson',
  'Scarlett',
  'Aiden',
  'Grace',
  'Mateo',
  'Chloe',
  'Samuel',
  'Priya',
  'Diego',
  'Mei',
  'Omar',
  'Fatima',
  'Hiroshi',
  'Nadia',
  'Carlos',
  'Aaliyah',
  'Tomas',
];
const SURNAMES = [
  'Johnson',
  'Williams',
  'Brown',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Patel',
  'Nguyen',
  'Kim',
  'Chen',
  'Okafor',
  'Schmidt',
  'Rossi',
  'Kowalski',
  'Haddad',
  'Tanaka',
];
const JOB_TITLES = [
  'Office Manager',
  'Front Desk Coordinator',
  'Marketing Specialist',
  'Regional Manager',
  'Sales Associate',
  'Customer Success Manager',
  'Operations Analyst',
  'Store Manager',
  'Assistant Manager',
  'Account Executive',
  'HR Generalist',
  'IT Support Specialist',
  'Social Media Coordinator',
  'Bookkeeper',
];

export const DEFAULT_TENANT_SEEDS: readonly TenantSeed[] = [
  {
    tenantId: 'b6f1c2d4-3a5e-4f71-9c8d-2e4a6b8c0d1f',
    domain: 'contosodental.onmicrosoft.com',
    displayName: 'Contoso Dental Group',
    app: {
      displayName: 'Locus Directory Import',
      clientId: '3f9a7c21-8e4b-4d2a-b5c6-7d8e9f0a1b2c',
      clientSecret: 'Kx8Q~contoso.Sandbox-7fT2mNqR4vWzLp9',
      delegatedPermissions: ['User.Read', 'User.Read.All'],
    },
    admins: [
      { givenName: 'Megan', surname: 'Brooks', jobTitle: 'IT Director' },
      { givenName: 'Daniel', surname: 'Okoro', jobTitle: 'Chief Operating Officer' },
    ],
    generatedUsers: 40,
    offices: ['Austin Downtown', 'Round Rock', 'Cedar Park', 'San Marcos'],
    areaCode: '512',
  },
  {
    tenantId: '0d2e8a4b-71c9-4e35-a6f0-9b1d3c5e7f24',
    domain: 'fabrikamrealty.onmicrosoft.com',
    displayName: 'Fabrikam Realty',
    app: {
      displayName: 'Locus Directory Import',
      clientId: 'c81d5e3a-2f47-4b90-8a6c-1e3f5a7b9d02',
      clientSecret: 'Zq2W~fabrikam.Sandbox-3hJ8kLmN5pRs',
      delegatedPermissions: ['User.Read', 'User.Read.All'],
    },
    admins: [{ givenName: 'Rachel', surname: 'Whitfield', jobTitle: 'Managing Broker' }],
    generatedUsers: 8,
    offices: ['Denver', 'Boulder'],
    areaCode: '303',
  },
];

const guid = (rng: Rng) => {
  const hex = () => rng.int(0, 15).toString(16);
  const block = (n: number) => Array.from({ length: n }, hex).join('');
  return `${block(8)}-${block(4)}-4${block(3)}-${['8', '9', 'a', 'b'][rng.int(0, 3)]}${block(3)}-${block(12)}`;
};

const alias = (given: string, sur: string) => `${given}.${sur}`.toLowerCase().replace(/[^a-z.]/g, '');

export function buildTenant(seed: TenantSeed): Tenant {
  const rng = createRng(`microsoft:${seed.tenantId}`);
  const used = new Set<string>();
  const users: DirectoryUser[] = [];
  const phone = () => `+1 ${seed.areaCode} 555 ${rng.digits(4)}`;
  const add = (givenName: string, surname: string, jobTitle: string, isTenantAdmin: boolean) => {
    let name = alias(givenName, surname);
    for (let n = 2; used.has(name); n++) name = `${alias(givenName, surname)}${n}`;
    used.add(name);
    const upn = `${name}@${seed.domain}`;
    users.push({
      id: guid(rng),
      displayName: `${givenName} ${surname}`,
      givenName,
      surname,
      userPrincipalName: upn,
      mail: upn,
      jobTitle,
      mobilePhone: rng.chance(0.7) ? phone() : null,
      businessPhones: rng.chance(0.8) ? [phone()] : [],
      officeLocation: rng.pick(seed.offices),
      preferredLanguage: 'en-US',
      accountEnabled: isTenantAdmin || rng.chance(0.95),
      isTenantAdmin,
    });
  };
  for (const a of seed.admins) add(a.givenName, a.surname, a.jobTitle, true);
  const pairs = new Set<string>();
  while (users.length < seed.admins.length + seed.generatedUsers) {
    const g = rng.pick(GIVEN_NAMES);
    const s = rng.pick(SURNAMES);
    if (pairs.has(`${g} ${s}`)) continue;
    pairs.add(`${g} ${s}`);
    add(g, s, rng.pick(JOB_TITLES), false);
  }
  // Graph lists users in a stable order; the directory order is by displayName here.
  users.sort((a, b) => a.displayName.localeCompare(b.displayName) || a.id.localeCompare(b.id));
  return { tenantId: seed.tenantId, domain: seed.domain, displayName: seed.displayName, app: seed.app, users };
}

export function buildTenants(seeds: readonly TenantSeed[] = DEFAULT_TENANT_SEEDS): Tenant[] {
  return seeds.map(buildTenant);
}

/** The tenant a path segment names: tenant id (GUID) or its domain. */
export function findTenant(tenants: readonly Tenant[], segment: string): Tenant | undefined {
  const s = segment.toLowerCase();
  return tenants.find((t) => t.tenantId === s || t.domain === s);
}
