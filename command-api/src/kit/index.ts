export * from './decider';
export * from './load-stream';
export * from './handle-command';
export * from './metadata';
