export { googleWorkspaceCommandRoutes } from './routes';
