import { companyStream } from '@locus/contracts';
import type { EventStore, TokenClaims } from '@locus/platform';
import { loadStream } from '../kit';
import { fullNameOf, type ExistingUser } from '../users/public';
import { evolveCompany, initialCompanyState, type CompanyState } from '../companies/public';

export async function loadCompanyState(eventStore: EventStore, companyId: string): Promise<CompanyState> {
  return (await loadStream(eventStore, companyStream(companyId), { evolve: evolveCompany, initialState: initialCompanyState })).state;
}

/** Token claims of a user (spec "Current user": UserId, RoleId, fullName, EmailAddress, CompanyId, CompanyName, ProfileImgUrl, ViewingAsAdmin). */
export function claimsOf(user: ExistingUser, companyName: string | null, view?: { adminUserId: string }): TokenClaims {
  return {
    userId: user.userId,
    role: user.role,
    companyId: user.companyId,
    companyName,
    fullName: fullNameOf(user),
    email: user.email,
    profileImgUrl: user.imageUrl,
    viewingAsAdmin: Boolean(view),
    ...(view ? { adminUserId: view.adminUserId } : {}),
  };
}

export async function claimsFor(eventStore: EventStore, user: ExistingUser, view?: { adminUserId: string }): Promise<TokenClaims> {
  let companyName: string | null = null;
  if (user.companyId) {
    const company = await loadCompanyState(eventStore, user.companyId);
    companyName = company.status === 'none' ? null : company.companyName;
  }
  return claimsOf(user, companyName, view);
}
