export { companiesProjection, projections } from './companies-projection';
