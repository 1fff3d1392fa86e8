import { companyStream, type ErrorEntry, type EventMetadata } from '@locus/contracts';
import { runCommand } from '../kit';
import { releaseEmail, reserveEmail } from './email-reservation';
import { openAccount, type AccountDeps } from './user-accounts';
import { companyDecider } from '../companies/public';

export interface NewCompany {
  companyId: string;
  companyName: string | null;
  source: 'administrator' | 'signup' | 'seed';
  defaultAdmin: {
    userId: string;
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string;
    passwordHash: string | null;
  };
  /** Message of the 409 when the admin's email is taken. */
  /** The error for an email someone already holds (sign-up words it its own way). */
  emailTaken?: ErrorEntry;
}

/**
 * A company and its default company admin: the admin's email is reserved first (so a taken
 * email leaves nothing behind), then CompanyCreated, then the admin's UserCreated/UserRegistered.
 */
export async function openCompany(deps: AccountDeps, company: NewCompany, metadata: EventMetadata): Promise<number> {
  const meta = { ...metadata, companyId: company.companyId };
  const admin = company.defaultAdmin;
  await reserveEmail(deps, admin.email, admin.userId, meta, company.emailTaken);
  try {
    await runCommand(
      deps,
      companyStream(company.companyId),
      companyDecider,
      { type: 'CreateCompany', data: { companyId: company.companyId, companyName: company.companyName, defaultAdminId: admin.userId, source: company.source } },
      meta,
    );
  } catch (err) {
    await releaseEmail(deps, admin.email, admin.userId, meta).catch(() => undefined);
    throw err;
  }
  return openAccount(
    deps,
    {
      ...admin,
      companyId: company.companyId,
      role: 'CompanyAdmin',
      isDefaultCompanyContact: true,
      source: company.source === 'signup' ? 'signup' : company.source === 'seed' ? 'seed' : 'administrator',
    },
    meta,
  );
}
