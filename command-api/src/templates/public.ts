/** What other features may use of templates: the template decider and state, running a template command, the company's locations check. */
export { requireCompanyLocations, runTemplateCommand } from './routes';
export { evolveTemplate, templateDecider, type TemplateState } from './template-decider';
