export * from './event-envelope';
export * from './live';
export * from './routes/route-def';
