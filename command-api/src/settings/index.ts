export { settingsCommandRoutes } from './settings-routes';
export { ensureAdminVariablesSeeded } from './admin-routes';
export { ensureCompanyVariablesSeeded, variableSealer } from './company-routes';
export { settingsReactors } from './reactors';
