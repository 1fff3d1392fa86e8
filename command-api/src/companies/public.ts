/** What other features may use of companies: the company stream's state and decider (is it there, is it active). */
export { companyDecider, requireActiveCompany } from './company-decider';
export { evolveCompany, initialCompanyState, type CompanyState } from './company-state';
