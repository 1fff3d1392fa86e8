export { templatesCommandRoutes } from './routes';
export { templatesReactors } from './reactors';
export { startTemplateScheduler, type TemplateScheduler } from './scheduler';
