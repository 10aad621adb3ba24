import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { mediaJobsSchema } from '../src/infra/job-client';
import { createOrganiser } from '../src/repositories/organisers';
import { createBucket, deleteBucket, s3Env } from './s3';

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  url: string;
  dataDir: string;
  webRoot: string;
  close: () => Promise<void>;
  /** Closes the app and starts a new one on the same DATA_DIR and database (a restart). */
  restart: () => Promise<void>;
}

/** Small fake builds of the shell and the three remotes. */
export const FAKE_FILES: Record<string, string> = {
  'shell/dist/index.html': '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Momentos</title></head><body><div id="root"></div></body></html>',
  'shell/dist/main.1a2b3c4d.js': `console.log(${JSON.stringify('momentos '.repeat(400))});`,
  'shell/dist/styles.0123abcd9.css': `body { color: #333; }\n${'.x { margin: 0; }\n'.repeat(200)}`,
  'shell/dist/logo.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`,
  'organiser-remote/dist/remoteEntry.js': `var organiser_remote = ${JSON.stringify('x'.repeat(3000))};`,
  'organiser-remote/dist/mf-manifest.json': JSON.stringify({ id: 'organiser_remote', padding: 'y'.repeat(2000) }),
  'organiser-remote/dist/src_features.9f8e7d6c5b.js': 'export const features = 1;',
  'guest-remote/dist/remoteEntry.js': 'var guest_remote = {};',
  'gallery-remote/dist/remoteEntry.js': 'var gallery_remote = {};',
};

export function makeWebRoot(files: Record<string, string> = FAKE_FILES): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-web-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
  return root;
}

export const usingPostgres = () => Boolean(process.env.DATABASE_URL);
/** The run's storage driver: scripts/test-postgres.mjs runs the suite with STORAGE_DRIVER=s3. */
export const usingS3 = () => process.env.STORAGE_DRIVER === 's3';

/**
 * The test servers of this file that are booting or running: test/server-environment.cjs closes
 * what is left when the file ends. A test that times out before its `finally` (or while its server
 * still boots) would otherwise leave an app running after its file, and its pg-boss workers and
 * database pools would then fail later files ('the Jest environment has been torn down') and keep
 * jest from exiting: CI ran into its time limit so on 29 Nov, with a server of daily-summary.test.ts.
 */
const runningServers = new Set<Promise<TestServer>>();
/** Closes under way (a timed-out test's `finally` may still be closing when its file ends). */
const closingServers = new Set<Promise<void>>();

/**
 * Closes the servers this file's tests left running and waits for the closes under way; answers the
 * URLs of those it closed (the environment warns with them).
 */
export async function closeLeftoverServers(): Promise<string[]> {
  const left = [...runningServers];
  runningServers.clear();
  const closed: string[] = [];
  // Every one has booted before any is closed: a schema dropped while another server's migrations list
  // the database's tables fails those migrations ('schema "test_…" does not exist', 2 runs in 6 of
  // test-servers.test.ts on PostgreSQL).
  const servers = await Promise.all(left.map((starting) => starting.catch(() => undefined)));
  for (const server of servers) {
    if (!server) continue;
    closed.push(server.url);
    await server.close();
  }
  await Promise.allSettled([...closingServers]);
  return closed;
}
(globalThis as { closeLeftoverServers?: typeof closeLeftoverServers }).closeLeftoverServers = closeLeftoverServers;

/**
 * Starts the real app on an ephemeral port with a fresh DATA_DIR (a fresh PostgreSQL schema when
 * DATABASE_URL is set, a fresh bucket when the storage is S3 and `env` names none). Closing it twice
 * closes it once.
 */
export function startServer(options: { env?: Record<string, string>; webRoot?: string } = {}): Promise<TestServer> {
  const starting: Promise<TestServer> = launchServer(options, () => runningServers.delete(starting));
  runningServers.add(starting);
  starting.catch(() => runningServers.delete(starting));
  return starting;
}

async function launchServer(options: { env?: Record<string, string>; webRoot?: string }, forget: () => void): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-data-'));
  const webRoot = options.webRoot ?? makeWebRoot();
  const schema = usingPostgres() ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WEB_ROOT: webRoot,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-' + randomBytes(16).toString('hex'),
    ...(usingPostgres() ? { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema! } : {}),
    ...s3Env(),
    ...options.env,
  };
  const ownBucket = env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET ? await createBucket(env) : undefined;
  if (ownBucket) env.S3_BUCKET = ownBucket;
  const config = loadConfig(env);
  const boot = async () => {
    const app = await buildApp(config);
    trackRequests(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return { app, url: `http://127.0.0.1:${address.port}` };
  };
  const first = await boot();

  const server: TestServer = {
    app: first.app,
    config,
    url: first.url,
    dataDir,
    webRoot,
    restart: async () => {
      await closeWatched(server.app);
      const next = await boot();
      server.app = next.app;
      server.url = next.url;
    },
    close: () => {
      if (closing) return closing;
      forget();
      const done = (closing = close());
      closingServers.add(done);
      const untrack = () => closingServers.delete(done);
      done.then(untrack, untrack);
      return done;
    },
  };
  let closing: Promise<void> | undefined;
  const close = async () => {
    await closeWatched(server.app);
    if (schema) await dropTestSchema(schema);
    if (ownBucket) await deleteBucket(env, ownBucket);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!options.webRoot) fs.rmSync(webRoot, { recursive: true, force: true });
  };
  return server;
}

/** The requests each test server is still answering (method and URL), for closeWatched's report. */
const requestsInFlight = new WeakMap<FastifyInstance, Set<IncomingMessage>>();

function trackRequests(app: FastifyInstance): void {
  const inFlight = new Set<IncomingMessage>();
  requestsInFlight.set(app, inFlight);
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    inFlight.add(request);
    response.on('close', () => inFlight.delete(request));
  });
}

/**
 * The app's close, which prints what it still waits for every 10 s. The guestbook's afterAll timed out
 * in CI three times (on 29 Nov with one HTTP connection open for 60 s, no websocket) and never here.
 * As the server's own shutdown does after its grace (plugins/lifecycle.ts), the connections still
 * open after 10 s are cut, so one held request cannot fail a whole suite; what they were is printed.
 */
async function closeWatched(app: FastifyInstance): Promise<void> {
  const started = Date.now();
  const watch = setInterval(() => {
    const sockets = (app as unknown as { websocketServer?: { clients: Set<{ readyState: number }> } }).websocketServer?.clients ?? new Set();
    const requests = [...(requestsInFlight.get(app) ?? [])].map((request) => `${request.method} ${request.url}`);
    app.server.getConnections((_error, connections) => {
      const resources = process.getActiveResourcesInfo().reduce<Record<string, number>>((count, kind) => ({ ...count, [kind]: (count[kind] ?? 0) + 1 }), {});
      console.warn(`app.close() still waiting after ${Date.now() - started} ms: cutting its connections`, { connections, requests, websocketStates: [...sockets].map((socket) => socket.readyState), resources });
      app.server.closeAllConnections();
    });
  }, 10_000);
  try {
    await app.close();
  } finally {
    clearInterval(watch);
  }
}

/** Removes a test's PostgreSQL schema and its media queue's. */
export async function dropTestSchema(schema: string): Promise<void> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.query(`DROP SCHEMA IF EXISTS "${mediaJobsSchema(schema)}" CASCADE`);
  } finally {
    await client.end();
  }
}

export async function addOrganiser(server: TestServer, email: string, password = 'senha-segura-123'): Promise<{ id: string; email: string; password: string }> {
  const row = await createOrganiser(server.app.db, email, password);
  return { id: row.id, email: row.email, password };
}

export async function login(server: TestServer, email: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return response.headers.get('authentication')!;
}

/** Keys of the stored files under a folder, whichever driver holds them. */
export async function storedKeys(server: TestServer, prefix = 'events'): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of server.app.storage.list(prefix)) keys.push(file.key);
  return keys;
}

/** The bytes stored under a key (null when none), whichever driver holds them. */
export async function readStored(server: TestServer, key: string): Promise<Buffer | null> {
  const file = await server.app.storage.get(key);
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const part of file.body as AsyncIterable<Buffer>) parts.push(part);
  return Buffer.concat(parts);
}

/** An organiser with a token, ready to call the API. */
export async function organiserSession(server: TestServer, email: string) {
  const organiser = await addOrganiser(server, email);
  const token = await login(server, organiser.email, organiser.password);
  return { ...organiser, token, headers: { authentication: token } };
}

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export function eventForm(fields: Partial<Record<'name' | 'date' | 'location' | 'contact' | 'visibility' | 'reveal_at' | 'uploads_close_at' | 'pin', string>> = {}, image?: { bytes: Buffer; name?: string; type?: string }) {
  const form = new FormData();
  const values = { name: 'Casamento Ana & Rui', date: '2030-06-01 18:30', location: 'Lisboa', contact: 'ana@example.com', ...fields };
  for (const [key, value] of Object.entries(values)) if (value !== undefined) form.append(key, value);
  if (image) form.append('image', new Blob([image.bytes], { type: image.type ?? 'image/png' }), image.name ?? 'foto.png');
  return form;
}

export async function createEvent(server: TestServer, token: string, fields: Parameters<typeof eventForm>[0] = {}, image?: Parameters<typeof eventForm>[1]) {
  const response = await fetch(`${server.url}/api/events`, { method: 'POST', headers: { authentication: token }, body: eventForm(fields, image) });
  if (response.status !== 201) throw new Error(`create event failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; code: string; name: string; date: string; location: string; contact: string; image: string | null; image_card: string | null };
}

export async function createAlbum(server: TestServer, token: string, eventId: string, body: Record<string, unknown> = {}) {
  const response = await fetch(`${server.url}/api/albums/${eventId}`, {
    method: 'POST',
    headers: { authentication: token, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Cerimônia', description: 'Fotos da cerimônia', is_public: true, is_available: true, ...body }),
  });
  if (response.status !== 201) throw new Error(`create album failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; album_name: string; album_description: string; is_public: boolean; is_available: boolean };
}

/**
 * A signed token or ticket with one character inside its signature changed. Not the last one: the
 * last base64url character of a signature carries bits that decoders ignore, so changing it alone
 * may leave the same bytes (a test that passes by chance).
 */
export function tamperSignature(signed: string): string {
  const at = signed.length - 10;
  return signed.slice(0, at) + (signed[at] === 'A' ? 'B' : 'A') + signed.slice(at + 1);
}

/** Asserts the `{ status, message }` error shape with a given status. */
export async function expectError(response: Response, status: number): Promise<{ status: number; message: string }> {
  const body = (await response.json()) as { status: number; message: string };
  expect(response.status).toBe(status);
  expect(body).toEqual({ status, message: expect.any(String) });
  expect(body.message.length).toBeGreaterThan(0);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
  return body;
}

/**
 * The status, once the body is read. A body left unread keeps its connection busy (undici stops reading
 * and the server cannot finish a larger response), and the test server's close() then waits for it.
 */
export async function statusOf(response: Response): Promise<number> {
  await response.arrayBuffer();
  return response.status;
}

/** The JSON body, loosely typed for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const readJson = (response: Response): Promise<any> => response.json();

/** The HTTP status a websocket handshake gets: 101 when the socket opens (then closed), else the refusal's. */
export function socketStatus(url: string): Promise<number> {
  // ws ships no types here; the API server's realtime hub uses the same package.
  const WebSocket = require('ws');
  return new Promise<number>((resolve) => {
    const socket = new WebSocket(url);
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_request: unknown, response: { statusCode: number }) => resolve(response.statusCode));
  });
}

/** A websocket that keeps every message it hears (parsed), once open. */
export function listenToSocket<M = unknown>(url: string): Promise<{ close(): void; messages: M[] }> {
  // ws ships no types here; the API server's realtime hub uses the same package.
  const WebSocket = require('ws');
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const messages: M[] = [];
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as M));
    socket.on('open', () => resolve({ close: () => socket.close(), messages }));
    socket.on('error', reject);
  });
}

/**
 * The chunk session calls of spec §9 against `baseUrl` (a server, or a proxy in front of several):
 * init with JSON, a chunk as multipart (its fields before the bytes, as our client sends them, or
 * after with `fieldsFirst` false), the status and finalize.
 */
export function chunkCalls(baseUrl: string) {
  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return {
    init: (fields: Record<string, unknown>) => fetch(`${baseUrl}/api/events/photos/chunk/init`, json(fields)),
    sendChunk(sessionId: string, index: number, total: number, bytes: Buffer, fieldsFirst = true) {
      const form = new FormData();
      const fields = () => {
        form.append('sessionId', sessionId);
        form.append('chunkIndex', String(index));
        form.append('totalChunks', String(total));
      };
      if (fieldsFirst) fields();
      form.append('chunk', new Blob([bytes]), 'blob');
      if (!fieldsFirst) fields();
      return fetch(`${baseUrl}/api/events/photos/chunk/upload`, { method: 'POST', body: form });
    },
    status: (sessionId: string, query = '') => fetch(`${baseUrl}/api/events/photos/chunk/${sessionId}${query}`),
    finalize: (sessionId: string) => fetch(`${baseUrl}/api/events/photos/chunk/finalize`, json({ sessionId })),
  };
}

/**
 * Issue 23: a single-use socket ticket for `albumId`, issued against `headers` (the organiser's
 * token, `x-event-pin`, `x-wall-token`): the socket URL then carries `?ticket=` and no secret.
 */
export async function wsTicket(server: Pick<TestServer, 'url'>, albumId: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${server.url}/api/ws-ticket`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ album_id: albumId }) });
  if (response.status !== 201) throw new Error(`ws-ticket failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { ticket: string }).ticket;
}
