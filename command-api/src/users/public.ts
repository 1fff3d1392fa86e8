/** What other features may use of users: opening and editing accounts, the email reservation, the user stream's state. */
export {
  openAccount,
  createCompanyUser,
  loadCompanyMember,
  updateUserDetails,
  deleteUserAccount,
  type AccountDeps,
  type CreateCompanyUserInput,
} from './user-accounts';
export { openCompany, type NewCompany } from './open-company';
export { emailStreamOf, findUserByEmail, normalizeEmail } from './email-reservation';
export { requireUser, userDecider } from './user-decider';
export { evolveUser, fullNameOf, initialUserState, type ExistingUser, type UserState, type UserStreamEvent } from './user-state';
export { invitationLinkBase, invitationRequest } from './invitations';
