/** The Koa kit (auth, validation, routes, SSE, health, logging) and the process configuration. */
export * from './http/request-id';
export * from './http/logging';
export * from './http/error-middleware';
export * from './http/validate';
export * from './http/token-service';
export * from './http/auth';
export * from './http/body';
export * from './http/mount-routes';
export * from './http/min-position';
export * from './http/sse';
export * from './http/outbound';
export * from './http/security-headers';
export * from './http/health';
export * from './http/http-app';
export * from './config/config';
export * from './config/serve';
export * from './http/metrics';
