import type { Endpoint } from '@momentos/api-contract';

type SchemaKey = 'params' | 'querystring' | 'body' | 'response';

/** The Fastify schema of an endpoint: its params, query string, JSON body and answers, as declared. */
type SchemaOf<E extends Endpoint> = { [K in SchemaKey as K extends keyof E ? K : never]: K extends keyof E ? E[K] : never };

/**
 * Issue 24: a route's method, URL and schema, taken from the endpoint table (api-contract's
 * `endpoints`), to spread into `app.route({ ...route(endpoints.createAlbum), preHandler, handler })`.
 * The TypeBox type provider types the request and reply from the schema as before. A multipart
 * `form` is not given to Fastify (the route reads the parts and checks them against it); an endpoint
 * with `head: true` routes HEAD to the same handler.
 */
export function route<const E extends Endpoint>(endpoint: E) {
  const schema: Record<string, unknown> = {};
  for (const key of ['params', 'querystring', 'body', 'response'] as const) {
    if (endpoint[key] !== undefined) schema[key] = endpoint[key];
  }
  return {
    method: (endpoint.head ? [endpoint.method, 'HEAD'] : endpoint.method) as E['head'] extends true ? [E['method'], 'HEAD'] : E['method'],
    url: endpoint.path as E['path'],
    schema: schema as SchemaOf<E>,
    ...(endpoint.head ? { exposeHeadRoute: false } : {}),
  };
}
