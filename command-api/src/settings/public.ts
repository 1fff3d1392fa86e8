/** What other features may use of settings: the company settings' decider and state. */
export { companySettingsDecider, evolveCompanySettings, initialCompanySettings, type CompanySettingsState } from './company-settings';
