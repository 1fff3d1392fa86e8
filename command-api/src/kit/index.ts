export * from './decider';
export * from './load-stream';
export * from './handle-command';
export * from './append-events';
export * from './metadata';
export * from './every';
export * from './await-outcome';
export * from './manifest';
