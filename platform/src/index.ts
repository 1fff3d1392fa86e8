export * from './event-store/event-store';
export * from './read-store/read-store';
export * from './bus/bus';
export * from './runtime/definitions';
export * from './http/errors';
export * from './http/route-handler';
export * from './runtime/deps';
