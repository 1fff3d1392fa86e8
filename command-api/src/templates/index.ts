export { templatesCommandRoutes } from './routes';
export { templatesReactors } from './reactors';
export { publishDueTemplates, templatesSchedules } from './scheduler';
