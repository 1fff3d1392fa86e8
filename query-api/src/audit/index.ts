export { auditQueryRoutes, historyExportLines } from './routes';
