import { fillPath, type RequestInput, type RequestOptions, type RouteDef, type RouteResponse } from '@locus/contracts';

/** Shared with the test kit's `stack.send`: one typing of a request from its route. */
export { fillPath, type RequestOptions };

type ParamValue = string | number | boolean | null | undefined;

/*
 * The client's request and answer types come from the route's zod schemas in the contracts:
 * what the client sends is the schemas' input, what it reads is the response schema's type.
 */
/** A route's success answer. */
export type AnswerOf<R extends RouteDef> = RouteResponse<R>;
/** The `Data` of a route's success answer. */
export type DataOf<R extends RouteDef> = AnswerOf<R> extends { Data: infer D } ? D : never;
/** A route's path params, body and query string as the client sends them. */
export type ParamsOf<R extends RouteDef> = RequestInput<R, 'params'>;
export type BodyOf<R extends RouteDef> = RequestInput<R, 'body'>;
export type QueryOf<R extends RouteDef> = RequestInput<R, 'query'>;

/** The params or query string given to a request: a record of plain values (anything else is no record). */
const valuesOf = (value: unknown): Record<string, ParamValue> | undefined =>
  typeof value === 'object' && value !== null && !(value instanceof FormData) ? Object.fromEntries(Object.entries(value)) : undefined;

/** The request for a route from options already checked against its schemas by the callers' types. */
const requestOf = (route: RouteDef, opts: object | undefined) => {
  const params = opts && 'params' in opts ? valuesOf(opts.params) : undefined;
  const rawQuery = opts && 'query' in opts ? valuesOf(opts.query) : undefined;
  const body: unknown = opts && 'body' in opts ? opts.body : undefined;
  const query = rawQuery ? Object.fromEntries(Object.entries(rawQuery).filter(([, v]) => v !== undefined && v !== null && v !== '')) : undefined;
  return {
    url: fillPath(route.path, params),
    method: route.method,
    ...(query && Object.keys(query).length > 0 ? { params: query } : {}),
    ...(body !== undefined ? { body } : {}),
  };
};

/** The arguments `requestFor` takes after the route: the options, optional when nothing is required. */
type RequestArgs<R extends RouteDef> = object extends RequestOptions<R> ? [RequestOptions<R>?] : [RequestOptions<R>];

/** RTK Query request for a contracts route (method and path taken from it; params, query and body typed by its schemas). */
export const requestFor = <R extends RouteDef>(route: R, ...[opts]: RequestArgs<R>) => requestOf(route, opts);

/** A route whose success answer carries its result in `Data`; any other route is refused by the compiler. */
type DataRoute<R extends RouteDef> = R & (AnswerOf<R> extends { Data: unknown } ? unknown : { answersNoData: never });

interface DataQuery<Arg, T, D> {
  query: (arg: Arg) => ReturnType<typeof requestOf>;
  transformResponse: (answer: { Data: D }) => T;
}

/**
 * RTK Query query definitions reading a contracts route's `Data`:
 * `dataQuery(route)(request?, pick?)`, where `request` turns the endpoint's argument into the
 * route's options (left out for a route that needs none) and `pick` narrows the `Data`. Spread it
 * into `build.query<Result, Arg>({ ...dataQuery(route)((id) => ({ params: { id } })), providesTags })`.
 * (The route comes first so that the options are typed by it alone, literals and all.)
 */
export function dataQuery<R extends RouteDef>(route: DataRoute<R>) {
  function definition<Arg = unknown>(request?: (arg: Arg) => RequestOptions<R>): DataQuery<Arg, DataOf<R>, DataOf<R>>;
  function definition<Arg, T>(request: ((arg: Arg) => RequestOptions<R>) | undefined, pick: (data: DataOf<R>) => T): DataQuery<Arg, T, DataOf<R>>;
  function definition<Arg, T>(request?: (arg: Arg) => RequestOptions<R>, pick?: (data: DataOf<R>) => T): DataQuery<Arg, T | DataOf<R>, DataOf<R>> {
    return {
      query: (arg) => requestOf(route, request?.(arg)),
      transformResponse: (answer) => (pick ? pick(answer.Data) : answer.Data),
    };
  }
  return definition;
}
