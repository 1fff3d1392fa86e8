/**
 * Ports and errors: the port interfaces, the error kinds, route and definition types and pure
 * helpers. Deciders, states and projections import only this entry (dependency-cruiser's
 * `pure-code-reaches-no-adapter` rule), so loading one loads no adapter, Koa, SQLite, mingo or pino.
 */
export * from './event-store/event-store';
export * from './read-store/read-store';
export { DuplicateKeyError, InvalidOperationError, TransactionLimitError } from './read-store/read-store-errors';
export * from './bus/bus';
export { subjectMatches, subjectMatcher, InvalidSubjectError } from './bus/subject';
export * from './runtime/definitions';
export * from './runtime/deps';
export * from './event-store/upcasters';
export * from './http/errors';
export * from './http/route-handler';
export * from './http/state';
export * from './http/zod-fields';
export * from './http/response';
export * from './crypto/secret-box';
export * from './rate-limit/rate-limit-port';
export * from './crypto/signed-links';
export * from './crypto/event-digest';
export * from './crypto/audit-export';
