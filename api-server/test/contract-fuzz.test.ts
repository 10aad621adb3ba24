import { ChunkInitFields, ChunkUploadFields, EventFields, UploadFields } from '@momentos/api-contract';
import fc from 'fast-check';
import sharp from 'sharp';
import type { RouteEntry } from '../src/app';
import { createAlbum, createEvent, organiserSession, readJson, startServer, type TestServer } from './helpers';

// Issue 23, item 10: every route fuzzed from the contract. For each route the server registered, the
// request is derived from the TypeBox schemas it validates with (params, query string, JSON body; the
// multipart forms' fields from the contract's schemas they are checked against): valid values, wrong
// types, missing and unknown fields, huge strings and numbers, odd ids, wrong content types. None may
// answer 5xx; every refusal is JSON {status, message}; an unknown field changes nothing (ignored).

jest.setTimeout(600_000);

/** A fixed seed, so a failure is the same on every run; runs per route, so the whole file stays within a couple of minutes. */
const SEED = 230_023;
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = Record<string, any>;

/** The forms read by hand (multipart), with the contract's schema each is checked against. */
const FORMS: Record<string, Schema> = {
  'POST /api/events': EventFields,
  'PUT /api/events/:id': EventFields,
  'POST /api/events/photos': UploadFields,
  'POST /api/events/photos/chunk/init': ChunkInitFields,
  'POST /api/events/photos/chunk/upload': ChunkUploadFields,
};

const huge = fc.constantFrom('x'.repeat(70_000), '9'.repeat(400), 'ç'.repeat(5000));
const odd = fc.constantFrom('', ' ', '..', '../../etc/passwd', '%00', 'a\u0000b', '😀', '-1', '1e309', 'null', 'undefined', '[object Object]', '__proto__', 'constructor', "' or 1=1 --", '<script>');
const oddId = fc.oneof(odd, fc.string({ maxLength: 80 }), fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), huge);
const anyJson = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 1 }));

/** A value the schema accepts (as far as a generator can tell). */
function valid(schema: Schema, known: string[]): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.anyOf) return fc.oneof(...(schema.anyOf as Schema[]).map((branch) => valid(branch, known)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress();
      const base = schema.pattern ? fc.stringMatching(new RegExp(schema.pattern)) : fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
      return known.length > 0 && schema.pattern ? fc.oneof(fc.constantFrom(...known), base) : base;
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 10_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -10, max: schema.maximum ?? 10_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valid(schema.items ?? {}, known), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object':
      return validObject(schema, known);
    default:
      return anyJson;
  }
}

function validObject(schema: Schema, known: string[]): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set<string>(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) record[name] = valid(property, known);
  return fc.record(record, { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) });
}

/** A value that may break the schema: right, wrong type, odd, huge. */
function hostile(schema: Schema, known: string[]): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: valid(schema, known) }, { weight: 1, arbitrary: anyJson }, { weight: 1, arbitrary: odd }, { weight: 1, arbitrary: huge }, { weight: 1, arbitrary: fc.constantFrom(1e308, -1, 2 ** 63, 0.5, Number.MAX_SAFE_INTEGER) });
}

/** An object built from the schema, then mutated: fields dropped, values broken, unknown fields added. */
function hostileObject(schema: Schema | undefined, known: string[]): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema?.properties ?? {}) as Record<string, Schema>;
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) record[name] = hostile(property, known);
  return fc
    .tuple(fc.record(record, { requiredKeys: [] }), fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), anyJson, { maxKeys: 2 }))
    .map(([fields, unknown]) => ({ ...unknown, ...fields }));
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

interface Case {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | string | null;
  encoding: 'json' | 'multipart' | 'text' | 'none' | 'broken-json';
  auth: 'owner' | 'none' | 'garbage';
}

/** The route's requests, derived from its schemas. */
function cases(route: RouteEntry, known: string[]): fc.Arbitrary<Case> {
  const schema = (route.schema ?? {}) as { params?: Schema; querystring?: Schema; body?: Schema };
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]);
  const params = fc.record(Object.fromEntries(paramNames.map((name) => [name, fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: oddId })])));
  const form = FORMS[`${route.method} ${route.url}`];
  const bodySchema = schema.body ?? form;
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  const body = bodySchema
    ? fc.oneof({ weight: 3, arbitrary: validObject(bodySchema, known) }, { weight: 3, arbitrary: hostileObject(bodySchema, known) }, { weight: 1, arbitrary: huge }, { weight: 1, arbitrary: anyJson.map((value) => JSON.stringify(value)) })
    : fc.oneof(hostileObject(undefined, known), fc.constant(null));
  return fc.record({
    params,
    query: hostileObject(schema.querystring, known),
    body: hasBody ? (body as fc.Arbitrary<Case['body']>) : fc.constant(null),
    encoding: hasBody ? fc.constantFrom<Case['encoding']>(form ? 'multipart' : 'json', form ? 'multipart' : 'json', 'json', 'multipart', 'text', 'none', 'broken-json') : fc.constant<Case['encoding']>('none'),
    auth: fc.constantFrom<Case['auth']>('owner', 'owner', 'none', 'garbage'),
  });
}

function urlOf(route: RouteEntry, params: Record<string, unknown>, query: Record<string, unknown>): string {
  let path = route.url.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(text(params[name])));
  if (path.endsWith('*')) path = path.slice(0, -1) + encodeURIComponent(text(params['*'] ?? 'x'));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) search.append(name, text(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

async function send(server: TestServer, route: RouteEntry, request: Case, token: string, image: Buffer) {
  const headers: Record<string, string> = {};
  if (request.auth === 'owner') headers.authentication = token;
  if (request.auth === 'garbage') headers.authentication = 'a.b.c';
  let body: string | FormData | undefined;
  if (request.body !== null && request.encoding !== 'none') {
    if (request.encoding === 'json') {
      headers['content-type'] = 'application/json';
      body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    } else if (request.encoding === 'broken-json') {
      headers['content-type'] = 'application/json';
      body = '{"a":';
    } else if (request.encoding === 'text') {
      headers['content-type'] = 'text/plain';
      body = text(request.body);
    } else {
      const form = new FormData();
      if (typeof request.body === 'string') form.append('field', request.body);
      else for (const [name, value] of Object.entries(request.body)) form.append(name, text(value));
      form.append(route.url.includes('chunk') ? 'chunk' : route.url.endsWith('/photos') ? 'images' : 'image', new Blob([image], { type: 'image/jpeg' }), 'a.jpg');
      body = form;
    }
  }
  const response = await fetch(`${server.url}${urlOf(route, request.params, request.query)}`, { method: route.method, headers, body });
  const raw = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', raw };
}

describe('every route fuzzed from the contract', () => {
  let server: TestServer;
  let token: string;
  let known: string[];
  let image: Buffer;
  let routes: RouteEntry[];

  beforeAll(async () => {
    server = await startServer({ env: { UPLOAD_RATE_LIMIT: '0', LOGIN_MAX_FAILURES_PER_IP: '100000', LOGIN_MAX_FAILURES_PER_EMAIL: '100000', WS_MAX_PER_IP: '100000' } });
    const ana = await organiserSession(server, 'ana@example.com');
    token = ana.token;
    const event = await createEvent(server, token);
    const album = await createAlbum(server, token, event.id);
    image = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#369' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('album_id', album.id);
    form.append('user_id', 'Tia Rosa');
    form.append('images', new Blob([image], { type: 'image/jpeg' }), 'a.jpg');
    const photo = (await readJson(await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form }))).photos[0];
    known = [event.id, event.code, album.id, photo.id];
    // HEAD routes are Fastify's twins of the GET ones; deletions last, so that the data the others reach lives as long as it can.
    routes = server.app.routeTable
      .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  });
  afterAll(() => server.close());

  test('the route table covers the contract (every API route, the socket, the pages)', () => {
    const names = routes.map((route) => `${route.method} ${route.url}`);
    for (const name of ['POST /api/auth', 'PATCH /api/events/photos/:photoId', 'POST /api/ws-ticket', 'GET /ws/albums/:albumId', 'POST /api/events/photos/chunk/upload', 'GET /api/files']) expect(names).toContain(name);
    expect(names.length).toBeGreaterThan(30);
  });

  test('an unknown field is ignored: a JSON body with one more field gets the answer it gets without it', async () => {
    const jsonRoutes = routes.filter((route) => (route.schema)?.body && route.method !== 'DELETE');
    expect(jsonRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(expect.arrayContaining(['POST /api/auth', 'PATCH /api/events/photos/:photoId', 'POST /api/ws-ticket']));
    for (const route of jsonRoutes) {
      const bodySchema = (route.schema as { body: Schema }).body;
      await fc.assert(
        fc.asyncProperty(
          fc.record({ params: fc.record(Object.fromEntries([...route.url.matchAll(/:(\w+)/g)].map((match) => [match[1], fc.constantFrom(...known)]))), body: validObject(bodySchema, known) }),
          fc.constantFrom('foo', 'favorite', 'organiser_id', 'id', 'is_admin'),
          async ({ params, body }, extra) => {
            const base: Case = { params, query: {}, body, encoding: 'json', auth: 'owner' };
            if (extra in ((bodySchema.properties ?? {}) as object)) return;
            const plain = await send(server, route, base, token, image);
            const more = await send(server, route, { ...base, body: { ...body, [extra]: 1 } }, token, image);
            expect({ route: route.url, body, extra, status: more.status }).toEqual({ route: route.url, body, extra, status: plain.status });
            expect(more.status).toBeLessThan(500);
          },
        ),
        { seed: SEED, numRuns: Math.max(5, Math.round(RUNS / 3)) },
      );
    }
  });

  // Issue 26 made `favorite` a field a photo knows ('Favoritar'); `starred` stays unknown.
  test('PATCH /api/events/photos/{id} with {"foo": 1} or {"starred": true} is a 400 that says what may change', async () => {
    const photoId = known[3];
    for (const body of [{ foo: 1 }, { starred: true }, {}]) {
      const response = await fetch(`${server.url}/api/events/photos/${photoId}`, { method: 'PATCH', headers: { authentication: token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(response.status).toBe(400);
      expect(await readJson(response)).toEqual({ status: 400, message: expect.stringMatching(/hidden|pending|campo/) });
    }
    const hide = await fetch(`${server.url}/api/events/photos/${photoId}`, { method: 'PATCH', headers: { authentication: token, 'content-type': 'application/json' }, body: JSON.stringify({ hidden: true, foo: 1 }) });
    expect(hide.status).toBe(200);
    expect(await readJson(hide)).toMatchObject({ id: photoId, hidden: true });
  });
  test('no request derived from a route’s schemas gets a 5xx; every refusal is JSON {status, message}', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(cases(route, known), async (request) => {
          const answer = await send(server, route, request, token, image);
          const label = `${route.method} ${route.url} ${JSON.stringify(request).slice(0, 300)} → ${answer.status} ${answer.raw.slice(0, 200)}`;
          if (answer.status >= 500) failures.push(label);
          if (answer.status >= 400) {
            let parsed: unknown;
            try {
              parsed = JSON.parse(answer.raw);
            } catch {
              parsed = undefined;
            }
            const shaped =
              answer.type.startsWith('application/json') &&
              typeof parsed === 'object' &&
              parsed !== null &&
              Object.keys(parsed).sort().join() === 'message,status' &&
              (parsed as { status: unknown }).status === answer.status &&
              typeof (parsed as { message: unknown }).message === 'string' &&
              (parsed as { message: string }).message.length > 0;
            if (!shaped) failures.push(`not {status, message}: ${label}`);
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      // Keep each route within a few seconds (the machine is shared).
      expect({ route: `${route.method} ${route.url}`, slow: Date.now() - started > 60_000 }).toEqual({ route: `${route.method} ${route.url}`, slow: false });
    }
    expect(failures).toEqual([]);
  });
});
