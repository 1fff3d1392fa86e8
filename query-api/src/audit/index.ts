export { auditQueryRoutes, HISTORY_EXPORT_BATCH, historyExportLines } from './routes';
