import { endpoints, type Endpoint } from '@momentos/api-contract';
import { startServer, type TestServer } from './helpers';

// Issue 24 item 4: endpoints are declared once, in api-contract's table. Every route the server
// registers is in the table (same method and path) and every entry of the table is registered, with
// the table's schemas, so the table, the routes, the client's calls and the front end's fake API
// cannot drift apart.

jest.setTimeout(60_000);

/**
 * Registered routes that are not endpoints: the built apps' files (@fastify/static's wildcards for
 * the shell and each remote) and the CORS preflight (@fastify/cors).
 */
const NOT_ENDPOINTS = [/^GET \/\*$/, /^GET \/remotes\/[a-z-]+\/\*$/, /^OPTIONS \*$/];

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const declared = (Object.entries(endpoints) as Array<[string, Endpoint]>).flatMap(([name, endpoint]) =>
  [endpoint.method, ...(endpoint.head ? ['HEAD'] : [])].map((method) => ({ name, key: `${method} ${endpoint.path}`, endpoint })),
);

/** The server's routes as `METHOD /path`, without Fastify's automatic HEAD twins of GET routes and the static files. */
function registered(): string[] {
  const table = server.app.routeTable;
  const keys = new Set(table.map((route) => `${route.method} ${route.url}`));
  return [...keys].filter((key) => {
    const [method, url] = key.split(' ');
    if (NOT_ENDPOINTS.some((pattern) => pattern.test(key))) return false;
    // Fastify adds HEAD to each GET unless the route says otherwise; HEAD routed on purpose is declared (`head: true`).
    if (method === 'HEAD' && keys.has(`GET ${url}`)) return declared.some((entry) => entry.key === key);
    return true;
  });
}

test('every route the server registers is declared in the endpoint table', () => {
  const known = new Set(declared.map((entry) => entry.key));
  const undeclared = registered().filter((key) => !known.has(key));
  expect(undeclared).toEqual([]);
  // The list is not trivially empty: the server has its ~60 endpoints.
  expect(registered().length).toBeGreaterThan(60);
});

test('every endpoint of the table is registered by the server', () => {
  const routes = new Set(registered());
  expect(declared.filter((entry) => !routes.has(entry.key)).map((entry) => `${entry.name}: ${entry.key}`)).toEqual([]);
});

test('the routes validate with the schemas the table declares', () => {
  const mismatched: string[] = [];
  for (const { name, key, endpoint } of declared) {
    const [method, url] = key.split(' ');
    const route = server.app.routeTable.find((entry) => entry.method === method && entry.url === url);
    if (!route) continue;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    for (const part of ['params', 'querystring', 'body'] as const) {
      if (schema[part] !== endpoint[part]) mismatched.push(`${name}.${part}`);
    }
    if (endpoint.form && schema.body !== undefined) mismatched.push(`${name}: a multipart form has no JSON body schema`);
  }
  expect(mismatched).toEqual([]);
});

test('a websocket route is declared as one, and only it', () => {
  const sockets = server.app.routeTable.filter((route) => route.websocket && route.method !== 'HEAD').map((route) => `${route.method} ${route.url}`);
  const declaredSockets = declared.filter((entry) => entry.endpoint.answer === 'socket').map((entry) => entry.key);
  expect(sockets.sort()).toEqual(declaredSockets.sort());
  expect(sockets).toEqual(['GET /ws/albums/:albumId']);
});
