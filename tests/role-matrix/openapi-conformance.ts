import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { toOpenApiPath, type OpenApiDocument, type RouteDef } from '@locus/contracts';

// ajv-formats ships CommonJS; under ESM its function sits on `default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

interface MediaType {
  schema?: unknown;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}

/**
 * Checks answers against the OpenAPI document: the status is documented for the operation, the
 * media type is one the status lists, and a JSON body satisfies its schema (JSON Schema 2020-12,
 * as OpenAPI 3.1 uses). Answers a list of mismatches, empty when the answer conforms.
 */
export function openApiConformance(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'locus-openapi.json', ...document } as object);
  const validators = new Map<string, ValidateFunction>();

  const responseOf = (route: RouteDef, status: number): { ref: string; response: ResponseObject } | undefined => {
    const path = toOpenApiPath(route.path);
    const method = route.method.toLowerCase();
    const operation = document.paths[path]?.[method] as { responses?: Record<string, unknown> } | undefined;
    const answer = operation?.responses?.[String(status)] ?? operation?.responses?.default;
    if (!answer) return undefined;
    const ref = (answer as { $ref?: string }).$ref;
    if (ref) {
      const name = ref.replace('#/components/responses/', '');
      return { ref: pointer('components', 'responses', name), response: document.components.responses[name] as ResponseObject };
    }
    const key = operation?.responses?.[String(status)] ? String(status) : 'default';
    return { ref: pointer('paths', path, method, 'responses', key), response: answer as ResponseObject };
  };

  return {
    check(route: RouteDef, answer: { status: number; contentType: string; text: string }): string[] {
      const where = `${route.method} ${toOpenApiPath(route.path)} ${answer.status}`;
      const found = responseOf(route, answer.status);
      if (!found) return [`${where}: status not documented`];
      const content = found.response.content;
      if (!content) return answer.text.length === 0 ? [] : [`${where}: documented without a body, answered ${answer.contentType || 'a body'}`];
      const media = answer.contentType.split(';')[0]!.trim().toLowerCase();
      if (!content[media]) return [`${where}: media type ${media || '(none)'} not documented (documented: ${Object.keys(content).join(', ')})`];
      if (media !== 'application/json' || content[media].schema === undefined) return [];
      let body: unknown;
      try {
        body = JSON.parse(answer.text);
      } catch {
        return [`${where}: body is not JSON`];
      }
      const key = `${found.ref}/content/${pointer(media)}/schema`;
      let validate = validators.get(key);
      if (!validate) {
        validate = ajv.compile({ $ref: `locus-openapi.json#/${key}` });
        validators.set(key, validate);
      }
      if (validate(body)) return [];
      return (validate.errors ?? []).slice(0, 3).map((e) => `${where}: ${e.instancePath || '(body)'} ${e.message ?? 'does not match'}`);
    },
  };
}
