export { templatesCommandRoutes } from './routes';
export { templatesReactors } from './reactors';
export { followTemplatePostsInReview, publishDueTemplates, templatesSchedules } from './scheduler';
