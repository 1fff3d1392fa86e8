export { insightsReactors } from './reactors';
export { startDailyInsightsRefresh } from './daily-refresh';
