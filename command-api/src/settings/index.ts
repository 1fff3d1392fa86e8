export { settingsCommandRoutes, ensureAdminVariablesSeeded, ensureCompanyVariablesSeeded, variableSealer } from './routes';
export { settingsReactors } from './reactors';
