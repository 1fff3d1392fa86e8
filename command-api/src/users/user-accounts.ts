import { companyStream, userErrors, userStream, type EventMetadata } from '@locus/contracts';
import { fail, type Clock, type EventStore, type IdSource } from '@locus/platform';
import { loadStream, maxPosition, runCommand, type HandleCommandResult } from '../kit';
import { normalizeEmail, releaseEmail, reserveEmail } from './email-reservation';
import { hashPassword } from '../kit/passwords';
import { requireUser, userDecider, type UserCommand } from './user-decider';
import type { ExistingUser, UserRole, UserState, UserStreamEvent } from './user-state';
import type { InvitationRequest } from './invitations';
import { companyDecider, requireActiveCompany } from '../companies/public';

export interface AccountDeps {
  eventStore: EventStore;
  ids: IdSource;
  clock: Clock;
}

export interface NewAccount {
  userId: string;
  companyId: string | null;
  role: UserRole;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  passwordHash: string | null;
  isDefaultCompanyContact: boolean;
  source: 'signup' | 'administrator' | 'company-admin' | 'azure-import' | 'workspace-import' | 'seed' | 'bootstrap';
  /** Mail an invitation (a link to set the password) with the creation. */
  invitation?: InvitationRequest;
}

/** Reserves the email, then appends UserRegistered (sign-up) or UserCreated to a new user stream. */
export async function openAccount(deps: AccountDeps, account: NewAccount, metadata: EventMetadata): Promise<number> {
  const email = account.email.trim();
  await reserveEmail(deps, email, account.userId, metadata);
  const base = {
    userId: account.userId,
    companyId: account.companyId,
    role: account.role,
    firstName: account.firstName.trim(),
    lastName: account.lastName.trim(),
    email,
    phoneNumber: account.phoneNumber.trim(),
    passwordHash: account.passwordHash,
    isDefaultCompanyContact: account.isDefaultCompanyContact,
  };
  const command: UserCommand =
    account.source === 'signup'
      ? { type: 'RegisterUser', data: base }
      : { type: 'CreateUser', data: { ...base, source: account.source }, ...(account.invitation ? { invitation: account.invitation } : {}) };
  try {
    const { position } = await runCommand(deps, userStream(account.userId), userDecider, command, metadata);
    return position;
  } catch (err) {
    await releaseEmail(deps, email, account.userId, metadata).catch(() => undefined);
    throw err;
  }
}

export interface CreateCompanyUserInput {
  companyId: string;
  FirstName: string;
  LastName?: string;
  Email: string;
  PhoneNumber?: string;
  role: 'CompanyAdmin' | 'CompanyUser' | 'CompanyAuditor';
  /** Clear password (hashed here); without one the user sets it with Forgot password. */
  password?: string;
  source?: 'company-admin' | 'administrator' | 'azure-import' | 'workspace-import' | 'seed';
  invitation?: InvitationRequest;
}

/**
 * Adds a member to an existing, active company (Users page, Company Admin(s) tab, Azure
 * "Add to Agency", demo seed). 404 for an unknown company, 422 for a deactivated one,
 * 409 (userErrors.emailTaken) when the email is in use.
 */
export async function createCompanyUser(
  deps: AccountDeps,
  input: CreateCompanyUserInput,
  metadata: EventMetadata,
): Promise<{ userId: string; position: number }> {
  const company = await loadStream(deps.eventStore, companyStream(input.companyId), companyDecider);
  requireActiveCompany(company.state);
  const userId = deps.ids.uuid();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const position = await openAccount(
    deps,
    {
      userId,
      companyId: input.companyId,
      role: input.role,
      firstName: input.FirstName,
      lastName: input.LastName ?? '',
      email: input.Email,
      phoneNumber: input.PhoneNumber ?? '',
      passwordHash,
      isDefaultCompanyContact: false,
      source: input.source ?? 'company-admin',
      invitation: input.invitation,
    },
    { ...metadata, companyId: input.companyId },
  );
  return { userId, position };
}

/** Loads a user of `companyId` (404 for a missing, deleted or other company's user). */
export async function loadCompanyMember(eventStore: EventStore, userId: string, companyId: string | null): Promise<ExistingUser> {
  const loaded = await loadStream(eventStore, userStream(userId), userDecider);
  const user = requireUser(loaded.state);
  if (user.companyId !== companyId) throw fail(userErrors.notFound);
  return user;
}

export interface UserDetails {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

/**
 * Edits a user's name, email and phone (and optionally sets a new password). A changed email
 * is reserved before the edit and the old one released after it.
 */
export async function updateUserDetails(
  deps: AccountDeps,
  user: ExistingUser,
  details: UserDetails,
  metadata: EventMetadata,
  options: {
    newPassword?: string;
    profile?: { addressLine1: string; addressLine2: string; city: string; postalCode: string };
    /** A restore: the events record where the values came from. */
    restoredFrom?: { position: number; at: string };
  } = {},
): Promise<number | undefined> {
  const email = details.email.trim();
  const positions: (number | undefined)[] = [];
  const fields = {
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    email,
    phoneNumber: details.phoneNumber.trim(),
    ...(options.restoredFrom ? { restoredFrom: options.restoredFrom } : {}),
  };
  // The email change is judged against the state each attempt reads, so a retry after a
  // concurrent edit releases the address the user really had.
  let reserved = false;
  const decideOn = async (state: UserState): Promise<UserCommand> => {
    const current = requireUser(state);
    if (!reserved && normalizeEmail(email) !== normalizeEmail(current.email)) {
      positions.push(await reserveEmail(deps, email, user.userId, metadata));
      reserved = true;
    }
    return options.profile
      ? { type: 'UpdateProfile', data: { userId: user.userId, ...fields, ...options.profile } }
      : { type: 'UpdateUser', data: { userId: user.userId, ...fields } };
  };
  let result: HandleCommandResult<UserState, UserStreamEvent>;
  try {
    result = await runCommand(deps, userStream(user.userId), userDecider, decideOn, metadata);
  } catch (err) {
    if (reserved) await releaseEmail(deps, email, user.userId, metadata).catch(() => undefined);
    throw err;
  }
  positions.push(result.position);
  const previousEmail = requireUser(result.before).email;
  if (normalizeEmail(previousEmail) !== normalizeEmail(email)) positions.push(await releaseEmail(deps, previousEmail, user.userId, metadata));
  if (options.newPassword) {
    const passwordHash = await hashPassword(options.newPassword);
    const changed = await runCommand(
      deps,
      userStream(user.userId),
      userDecider,
      { type: 'ChangePassword', data: { passwordHash, reason: 'administrator', currentPasswordVerified: false } },
      metadata,
    );
    positions.push(changed.position);
  }
  return maxPosition(...positions);
}

/** Deletes a user and frees their email. */
export async function deleteUserAccount(
  deps: AccountDeps,
  userId: string,
  metadata: EventMetadata,
  options: { reason?: 'deleted' | 'company-deleted'; allowDefaultContact?: boolean } = {},
): Promise<number | undefined> {
  const result = await runCommand(
    deps,
    userStream(userId),
    userDecider,
    { type: 'DeleteUser', data: { reason: options.reason ?? 'deleted', allowDefaultContact: options.allowDefaultContact } },
    metadata,
  );
  const released = await releaseEmail(deps, result.state.status === 'none' ? '' : (result.state as ExistingUser).email, userId, metadata);
  return maxPosition(result.position, released);
}
