export { insightsReactors } from './reactors';
export { insightsSchedules } from './daily-refresh';
