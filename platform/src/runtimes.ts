/** The projector and reactor runtimes, read models, generations, rebuilds, leases and ops status. */
export * from './runtime/generations';
export * from './runtime/projector-runtime';
export * from './runtime/read-models';
export * from './runtime/rebuild';
export * from './runtime/reactor-runtime';
export * from './runtime/lease';
export * from './runtime/shared-tick';
export * from './runtime/data-dir-lock';
export * from './runtime/ops-status';
export { backoffDelay, defaultBackoff, realSleep, type BackoffPolicy, type Sleep } from './runtime/backoff';
export type { RuntimeLogger } from './runtime/runtime-logger';
export * from './runtime/rebuild-jobs';
export * from './runtime/ops-control';
export * from './runtime/ops-bus';
export * from './runtime/ops-live';
export * from './runtime/control-socket';
export { createGenerationProcessor, type GenerationProcessor } from './runtime/projection-processor';
