/** Companies texts (spec part 2 §5, §8) and limits. */
export const COMPANIES_PAGE_SIZE = 15;

export const companyMessages = {
  companyNameRequired: 'Company name is required',
  companyNameTooLong: 'Company name must be at most 200 characters',
  companyCreated: 'Company created successfully',
  companyUpdated: 'Company updated successfully',
  companyNameUpdated: 'Your company name has been updated successfully',
  companyDeactivated: 'The selected company has been deactivated successfully',
  companyActivated: 'The selected company has been activated successfully',
  companyDeleted: 'The selected company has been deleted successfully',
  companyNotFound: 'Company not found',
  companyInactive: 'This company is deactivated.',
  companyAdminCreated: 'Company admin created successfully',
  companyAdminUpdated: 'Company admin updated successfully',
  companyAdminDeleted: 'The selected company admin has been deleted successfully',
  companyAdminNotFound: 'Company admin not found',
  cannotDeleteDefaultAdmin: 'The default company admin cannot be deleted.',
  switched: 'You are now managing this company',
  exitedView: 'You have left the company view',
  notViewingAsAdmin: 'You are not viewing a company as an administrator.',
  companyAdminInactive: 'This company admin is deactivated; choose another admin to switch as.',
} as const;

/** The name a self-registered company gets when sign-up sends none (renamed in Settings). */
export const companyNameFromUser = (firstName: string, lastName: string): string => `${`${firstName.trim()} ${lastName.trim()}`.trim()}'s Company`;
