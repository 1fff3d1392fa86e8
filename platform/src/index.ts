/**
 * Everything, for wiring (entry points, stacks, tests). Feature code imports the entry it
 * needs: `@locus/platform/ports` (ports and errors; the only one deciders, states and
 * projections may use), `/adapters`, `/runtimes`, `/http-kit`.
 */
export * from './ports';
export * from './adapters';
export * from './runtimes';
export * from './http-kit';
