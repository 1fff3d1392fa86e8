/**
 * The embedded adapters and the config-driven choice of adapters. The EventStoreDB, MongoDB
 * and NATS adapters are imported by path (config/ports.ts loads them lazily), so this entry
 * does not load their drivers.
 */
export { createSqliteEventStore, type SqliteEventStoreOptions } from './event-store/sqlite-event-store';
export { createEmbeddedReadStore, type EmbeddedReadStoreOptions } from './read-store/embedded-read-store';
export { createInProcessBus, BusClosedError } from './bus/in-process-bus';
export * from './config/ports';
export { createMemoryRateLimits, createRedisRateLimits, createRateLimits } from './rate-limit/rate-limits';
