import { ATTRIBUTE_METADATA, attributesForCategory, findAttribute, type AttributeMetadataEntry } from '../data/attributes';
import { invalidArgument, BI_DOMAIN, GoogleApiError } from '../errors';
import type { Json, JsonObject } from '../state';
import { getPath, pageOf, pageSize, queryBool, queryString, readPageToken, requireBodyObject } from './common';
import { PATHS, type RegisterRoutes } from './context';
import { isValidHttpUrl } from './location-validation';

const metadataJson = (m: AttributeMetadataEntry) => ({
  parent: m.parent,
  valueType: m.valueType,
  displayName: m.displayName,
  groupDisplayName: m.groupDisplayName,
  ...(m.repeatable !== undefined ? { repeatable: m.repeatable } : {}),
  ...(m.valueMetadata ? { valueMetadata: m.valueMetadata } : {}),
  deprecated: false,
});

function invalidAttributeNames(names: string[]) {
  return new GoogleApiError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'INVALID_ATTRIBUTE_NAME',
      domain: BI_DOMAIN,
      metadata: { attribute_names: names.join(',') },
    },
    {
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: names.map((n) => ({ field: 'attributes', description: `"${n}" cannot be applied to this location` })),
    },
  ]);
}

/** Checks one attribute value against its metadata; returns a problem description or undefined. */
function attributeProblem(attr: JsonObject, meta: AttributeMetadataEntry): string | undefined {
  const values = attr.values;
  switch (meta.valueType) {
    case 'BOOL':
      return Array.isArray(values) && values.length === 1 && typeof values[0] === 'boolean' ? undefined : 'expects values: [true|false]';
    case 'ENUM':
      return Array.isArray(values) && values.length === 1 && meta.valueMetadata?.some((v) => v.value === values[0])
        ? undefined
        : `expects one of ${meta.valueMetadata?.map((v) => v.value).join(', ')}`;
    case 'URL': {
      const uris = attr.uriValues;
      return Array.isArray(uris) &&
        uris.length > 0 &&
        uris.every((u) => typeof getPath(u as JsonObject, 'uri') === 'string' && isValidHttpUrl(String((u as JsonObject).uri)))
        ? undefined
        : 'expects uriValues: [{uri: "https://..."}]';
    }
    case 'REPEATED_ENUM': {
      const r = attr.repeatedEnumValue as JsonObject | undefined;
      const allowed = new Set(meta.valueMetadata?.map((v) => String(v.value)));
      const set = (r?.setValues ?? []) as Json[];
      const unset = (r?.unsetValues ?? []) as Json[];
      if (!r || !Array.isArray(set) || !Array.isArray(unset) || set.length + unset.length === 0) return 'expects repeatedEnumValue with setValues/unsetValues';
      const bad = [...set, ...unset].filter((v) => !allowed.has(String(v)));
      return bad.length ? `unknown values ${bad.join(', ')}` : undefined;
    }
  }
}

/** Business Information API v1: attributes.list, locations.getAttributes, locations.updateAttributes. */
export const registerAttributeRoutes: RegisterRoutes = (routes, api) => {
  const { store } = api;

  routes.add('GET', `${PATHS.businessInformation}/attributes`, (ctx) => {
    const { sub } = api.caller(ctx);
    const parent = queryString(ctx, 'parent');
    let category = queryString(ctx, 'categoryName', 'category_name');
    if (parent) {
      const id = /^locations\/([^/]+)$/.exec(parent)?.[1];
      if (!id) throw invalidArgument(`Invalid parent "${parent}".`, [{ field: 'parent', description: 'must be locations/{id}' }]);
      category = String(getPath(store.locationFor(sub, id).resource, 'categories.primaryCategory.name') ?? '');
    } else if (!category) {
      throw invalidArgument('Request contains an invalid argument.', [{ field: 'parent', description: 'parent or categoryName is required' }]);
    }
    const list = queryBool(ctx, 'showAll')
      ? [...ATTRIBUTE_METADATA]
      : attributesForCategory(category.startsWith('categories/') ? category : `categories/${category}`);
    const size = pageSize(ctx, 200, 200);
    const fingerprint = `attributes|${category}`;
    const { page, nextPageToken } = pageOf(list, readPageToken(ctx, fingerprint), size, fingerprint);
    ctx.body = { attributeMetadata: page.map(metadataJson), ...(nextPageToken ? { nextPageToken } : {}) };
  });

  const getAttributes = (ctx: Parameters<Parameters<typeof routes.add>[2]>[0], id: string) => {
    const { sub } = api.caller(ctx);
    const loc = store.locationFor(sub, id);
    ctx.body = { name: `locations/${loc.id}/attributes`, attributes: loc.attributes };
  };
  routes.add('GET', `${PATHS.businessInformation}/locations/{locationId}/attributes`, (ctx, p) => getAttributes(ctx, p.locationId!));
  routes.add('GET', `${PATHS.businessInformation}/locations/{locationId}/attributes:getGoogleUpdated`, (ctx, p) => getAttributes(ctx, p.locationId!));

  routes.add('PATCH', `${PATHS.businessInformation}/locations/{locationId}/attributes`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    const loc = store.locationFor(sub, p.locationId!);
    const maskText = queryString(ctx, 'attributeMask', 'attribute_mask');
    if (!maskText) throw invalidArgument('Request contains an invalid argument.', [{ field: 'attribute_mask', description: 'Field is required' }]);
    const mask = maskText
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean)
      .map((m) => (m.startsWith('attributes/') ? m : `attributes/${m}`));
    const body = requireBodyObject(ctx.request.body);
    const incoming = Array.isArray(body.attributes) ? (body.attributes as JsonObject[]) : [];
    const category = String(getPath(loc.resource, 'categories.primaryCategory.name') ?? '');
    const allowed = new Set(attributesForCategory(category).map((a) => a.parent));
    const unknown = [...new Set([...mask, ...incoming.map((a) => String(a.name))])].filter((n) => !allowed.has(n));
    if (unknown.length) throw invalidAttributeNames(unknown);
    const notInMask = incoming.filter((a) => !mask.includes(String(a.name)));
    if (notInMask.length) {
      throw invalidArgument(
        'Request contains an invalid argument.',
        notInMask.map((a) => ({ field: 'attribute_mask', description: `${String(a.name)} is in the body but not in attributeMask` })),
      );
    }
    const problems = incoming.flatMap((a) => {
      const problem = attributeProblem(a, findAttribute(String(a.name))!);
      return problem ? [{ field: `attributes.${String(a.name)}`, description: `${String(a.name)} ${problem}`, reason: 'INVALID_ATTRIBUTE_VALUE' }] : [];
    });
    if (problems.length) throw invalidArgument('Request contains an invalid argument.', problems);
    store.countEdit(loc.id);
    const kept = loc.attributes.filter((a) => !mask.includes(String(a.name)));
    const updated = incoming.map((a) => {
      const meta = findAttribute(String(a.name))!;
      const out: JsonObject = { name: meta.parent, valueType: meta.valueType };
      if (meta.valueType === 'URL') out.uriValues = a.uriValues!;
      else if (meta.valueType === 'REPEATED_ENUM') out.repeatedEnumValue = a.repeatedEnumValue!;
      else out.values = a.values!;
      return out;
    });
    loc.attributes = [...kept, ...updated].sort((a, b) => String(a.name).localeCompare(String(b.name)));
    loc.updateTime = new Date(store.now()).toISOString();
    store.changed();
    ctx.body = { name: `locations/${loc.id}/attributes`, attributes: loc.attributes };
  });
};
