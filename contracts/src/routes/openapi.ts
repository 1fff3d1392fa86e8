import { z } from 'zod';
import type { ErrorStatus, RouteDef } from './route-def';
import { ErrorEnvelopeSchema } from './envelope';

type JsonSchema = Record<string, unknown>;

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
  license?: { name: string; identifier?: string; url?: string };
}

export interface OpenApiOptions {
  /** Route names answering `text/event-stream` instead of JSON. */
  eventStreamRoutes?: readonly string[];
  /** Base URLs the API is served from. */
  servers?: readonly { url: string; description?: string }[];
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: OpenApiInfo;
  servers: { url: string; description?: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: {
    securitySchemes: Record<string, unknown>;
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
  };
}

/**
 * zod writes `.int()` as bounds of ±2^53-1; they say nothing a client needs, and the reference
 * would take the lower one as the example value (-9007199254740991 for a count).
 */
const withoutSafeIntegerBounds = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(withoutSafeIntegerBounds);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) continue;
    if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) continue;
    out[key] = withoutSafeIntegerBounds(value);
  }
  return out;
};

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = withoutSafeIntegerBounds(z.toJSONSchema(schema, { io, unrepresentable: 'any' })) as JsonSchema;
  return rest;
};

/** `/api/companies/:id/switch` → `/api/companies/{id}/switch`. */
export const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const pathParamNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

const parametersOf = (route: RouteDef) => {
  const parameters: Record<string, unknown>[] = [];
  const paramsSchema = route.request?.params ? toSchema(route.request.params, 'input') : undefined;
  const paramProps = (paramsSchema?.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of pathParamNames(route.path)) {
    parameters.push({ name, in: 'path', required: true, schema: paramProps[name] ?? { type: 'string' } });
  }
  if (route.request?.query) {
    const querySchema = toSchema(route.request.query, 'input');
    const required = new Set((querySchema.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((querySchema.properties ?? {}) as Record<string, JsonSchema>)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return parameters;
};

/** Error answers shared by the operations (components.responses), all an ErrorEnvelope. */
const ERROR_RESPONSES = {
  BadRequest: 'Invalid request; Fields name each failing field',
  Unauthorized: 'Missing, invalid or expired token, or revoked session',
  Forbidden: 'Role not allowed',
  NotFound: 'Not found (also for ids of another company)',
  Conflict: 'Concurrent change or uniqueness conflict',
  UnprocessableEntity: 'Domain rule violated; ErrorCode names the rule',
  TooManyRequests: 'Too many attempts; retry after the time in Retry-After',
  ServiceUnavailable: 'The server is stopping (Retry-After) or a dependency such as Google is unavailable; retry later',
  ServerError: 'Unexpected error (no details)',
} as const;

const errorResponse = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

const ERROR_OF_STATUS: Record<ErrorStatus, keyof typeof ERROR_RESPONSES> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  422: 'UnprocessableEntity',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
};

const ROLE_WORDS: Record<string, string> = {
  Anonymous: 'anyone, no token',
  Authenticated: 'any signed-in user',
  Administrator: 'Administrator',
  CompanyAdmin: 'company admin',
  CompanyUser: 'company user',
  CompanyAuditor: 'company auditor',
};

/** The route's own description (the summary is shown apart), then who may call it and how its answer relates to writes. */
const descriptionOf = (route: RouteDef): string => {
  const who = route.roles.map((r) => ROLE_WORDS[r] ?? r).join(', ');
  const auditor =
    route.kind === 'query' &&
    !route.roles.includes('Anonymous') &&
    !route.roles.includes('CompanyAuditor') &&
    (route.roles.includes('CompanyAdmin') || route.roles.includes('CompanyUser'));
  const access = `**Who may call:** ${who}${auditor ? ', company auditor (read only)' : ''}.`;
  const kind =
    route.kind === 'command'
      ? 'A command: the answer carries `X-Position`; send it back as `X-Min-Position` on a query to read this write.'
      : 'A query of the read model: send `X-Min-Position` to wait until it holds your last write.';
  const location = route.location ? ` Needs the \`${route.location.needs}\` right on the location; without any right on it the answer is 404.` : '';
  return [route.description, `${access} ${kind}${location}`].filter(Boolean).join('\n\n');
};

const operationOf = (route: RouteDef, options: OpenApiOptions) => {
  const isPublic = route.roles.includes('Anonymous');
  const streams = options.eventStreamRoutes?.includes(route.name) ?? false;
  const operation: Record<string, unknown> = {
    operationId: route.name,
    summary: route.summary ?? route.name,
    description: descriptionOf(route),
    tags: [route.name.split('.')[0]],
    'x-kind': route.kind,
    'x-roles': [...route.roles],
    security: isPublic ? [] : [{ bearerAuth: [] }],
    parameters: parametersOf(route),
  };
  if (route.request?.body || route.request?.multipart) {
    const bodySchema = route.request.body ? toSchema(route.request.body, 'input') : { type: 'object' };
    operation.requestBody = {
      required: true,
      content: route.request.multipart ? { 'multipart/form-data': { schema: bodySchema } } : { 'application/json': { schema: bodySchema } },
    };
  }
  const media = route.answers?.media;
  const success = streams
    ? { description: 'Event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } }
    : media?.length
      ? { description: `The file (${media.join(' or ')})`, content: Object.fromEntries(media.map((m) => [m, { schema: { type: 'string' } }])) }
      : {
          description: 'Success',
          content: { 'application/json': { schema: route.response ? toSchema(route.response, 'output') : { type: 'object' } } },
        };
  const responses: Record<string, unknown> = { [route.answers?.created ? '201' : '200']: success, '400': errorResponse('BadRequest') };
  if (route.answers?.pending) {
    responses['202'] = {
      description: "Accepted: Google's answer has not come yet; the outcome arrives as a live update",
      content: {
        'application/json': {
          schema: { type: 'object', properties: { Success: { const: true }, ResponseMessage: { type: 'string' } }, required: ['Success', 'ResponseMessage'] },
        },
      },
    };
  }
  if (!isPublic) {
    responses['401'] = errorResponse('Unauthorized');
    // A company auditor may read but never call a command, even one open to any signed-in user.
    if (!route.roles.includes('Authenticated') || route.kind === 'command') responses['403'] = errorResponse('Forbidden');
  }
  if (route.tenantParams?.length || pathParamNames(route.path).length) responses['404'] = errorResponse('NotFound');
  if (route.kind === 'command') {
    responses['409'] = errorResponse('Conflict');
    responses['422'] = errorResponse('UnprocessableEntity');
    // A command that calls Google answers Google's rate limit as 429 (Retry-After).
    responses['429'] = errorResponse('TooManyRequests');
  }
  // Any route answers 503 while the server drains for a stop.
  responses['503'] = errorResponse('ServiceUnavailable');
  for (const status of route.answers?.errors ?? []) responses[String(status)] = errorResponse(ERROR_OF_STATUS[status]);
  responses['500'] = errorResponse('ServerError');
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
  return operation;
};

/** OpenAPI 3.1 document of a route table; schemas come from the zod contracts. */
export function buildOpenApiDocument(routes: readonly RouteDef[], info: OpenApiInfo, options: OpenApiOptions = {}): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const path = toOpenApiPath(route.path);
    paths[path] ??= {};
    paths[path]![route.method.toLowerCase()] = operationOf(route, options);
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [...(options.servers ?? [{ url: '/', description: 'This server' }])],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ErrorEnvelope: toSchema(ErrorEnvelopeSchema, 'output') },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([name, description]) => [
          name,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
        ]),
      ),
    },
  };
}
