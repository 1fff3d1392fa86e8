import { CATEGORIES, findCategory } from '../data/catalog';
import { invalidArgument } from '../errors';
import { pageOf, pageSize, queryList, queryString, readPageToken } from './common';
import { PATHS, type RegisterRoutes } from './context';

const VIEWS = ['BASIC', 'FULL', 'CATEGORY_VIEW_UNSPECIFIED'];

function required(value: string | undefined, field: string): string {
  if (!value) throw invalidArgument('Request contains an invalid argument.', [{ field, description: 'Field is required' }]);
  return value;
}

function categoryView(c: { name: string; displayName: string }, view: string) {
  return view === 'FULL' ? { ...c, serviceTypes: [], moreHoursTypes: [] } : c;
}

/** Business Information API v1: categories.list and categories.batchGet. */
export const registerCategoryRoutes: RegisterRoutes = (routes, api) => {
  routes.add('GET', `${PATHS.businessInformation}/categories`, (ctx) => {
    api.caller(ctx);
    const regionCode = required(queryString(ctx, 'regionCode', 'region_code'), 'region_code');
    required(queryString(ctx, 'languageCode', 'language_code'), 'language_code');
    const view = required(queryString(ctx, 'view'), 'view');
    if (!VIEWS.includes(view)) throw invalidArgument(`Invalid value at 'view', "${view}"`, [{ field: 'view', description: 'must be BASIC or FULL' }]);
    const filter = queryString(ctx, 'filter');
    let term = '';
    if (filter) {
      const m = /^\s*display_?[nN]ame\s*=\s*"?([^"]*)"?\s*$/.exec(filter);
      if (!m) throw invalidArgument(`Invalid filter: ${filter}`, [{ field: 'filter', description: 'only displayName=<text> is supported' }]);
      term = m[1]!.trim().toLowerCase();
    }
    // Google matches the front of a category name ('food' finds 'Food court', not 'Fast food restaurant').
    const list = regionCode === 'US' ? CATEGORIES.filter((c) => !term || c.displayName.toLowerCase().startsWith(term)) : [];
    const size = pageSize(ctx, 100, 100);
    const fingerprint = `categories|${regionCode}|${term}`;
    const { page, nextPageToken } = pageOf(list, readPageToken(ctx, fingerprint), size, fingerprint);
    ctx.body = { categories: page.map((c) => categoryView(c, view)), ...(nextPageToken ? { nextPageToken } : {}) };
  });

  routes.add('GET', `${PATHS.businessInformation}/categories:batchGet`, (ctx) => {
    api.caller(ctx);
    required(queryString(ctx, 'languageCode', 'language_code'), 'language_code');
    const view = required(queryString(ctx, 'view'), 'view');
    const names = queryList(ctx, 'names');
    if (!names.length) throw invalidArgument('Request contains an invalid argument.', [{ field: 'names', description: 'At least one name is required' }]);
    ctx.body = {
      categories: names
        .map((n) => findCategory(n))
        .filter((c) => c !== undefined)
        .map((c) => categoryView(c, view)),
    };
  });
};
