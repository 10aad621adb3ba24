import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { TestServer } from './helpers';

/** What came back: an answer, or the connection's end without one. */
export interface RawAnswer {
  status: number | null;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The socket error when the connection ended without an answer (or while still sending). */
  error?: string;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One request written by hand: `send` writes the body however it likes (slowly, partly, never
 * ending); the promise resolves with the answer as soon as its body is read, or with the error that
 * ended the connection. Nothing here normalises paths or fills in headers.
 */
export function rawRequest(
  url: string,
  options: { method?: string; path: string; headers?: http.OutgoingHttpHeaders },
  send: (request: http.ClientRequest) => Promise<void> | void = (request) => void request.end(),
): Promise<RawAnswer> {
  const target = new URL(url);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const request = http.request({
      host: target.hostname,
      port: target.port,
      method: options.method ?? 'POST',
      path: options.path,
      headers: options.headers,
      agent: false,
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (piece: string) => (body += piece));
      response.on('end', () => settle({ status: response.statusCode ?? null, headers: response.headers, body }));
      response.on('error', () => settle({ status: response.statusCode ?? null, headers: response.headers, body }));
    });
    request.on('error', (error) => settle({ status: null, headers: {}, body: '', error: (error as NodeJS.ErrnoException).code ?? error.message }));
    Promise.resolve(send(request)).catch((error: unknown) => settle({ status: null, headers: {}, body: '', error: String(error) }));
  });
}

/** Writes and waits until the socket took the bytes (or failed: the server hung up). */
export function write(request: http.ClientRequest, data: string | Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    if (request.destroyed) return resolve(false);
    request.write(data, (error) => resolve(!error));
  });
}

/** A multipart/form-data body built by hand, so that tests can cut, bend or slow it down. */
export class Multipart {
  readonly boundary = `----momentos${Date.now()}${Math.random().toString(16).slice(2)}`;

  get contentType(): string {
    return `multipart/form-data; boundary=${this.boundary}`;
  }

  field(name: string, value: string): string {
    return `--${this.boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }

  /** The head of a file part: its bytes follow, then `fileEnd`. */
  fileHead(name: string, filename: string, type = 'image/jpeg'): string {
    return `--${this.boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  }

  readonly fileEnd = '\r\n';

  get end(): string {
    return `--${this.boundary}--\r\n`;
  }

  /** A whole body: fields, then files. */
  body(fields: Record<string, string>, files: Array<{ name: string; filename: string; bytes: Buffer; type?: string }> = []): Buffer {
    return Buffer.concat([
      Buffer.from(Object.entries(fields).map(([name, value]) => this.field(name, value)).join('')),
      ...files.flatMap((file) => [Buffer.from(this.fileHead(file.name, file.filename, file.type)), file.bytes, Buffer.from(this.fileEnd)]),
      Buffer.from(this.end),
    ]);
  }
}

/** Every file under a folder of DATA_DIR (relative paths). */
export function filesUnder(server: TestServer, folder: string): string[] {
  const root = path.join(server.dataDir, folder);
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else out.push(path.relative(root, path.join(dir, entry.name)));
    }
  };
  if (fs.existsSync(root)) walk(root);
  return out;
}

/** Files being written: tmp/uploads and tmp/media (chunk sessions keep theirs on purpose). */
export const temporaryUploads = (server: TestServer) => [...filesUnder(server, 'tmp/uploads'), ...filesUnder(server, 'tmp/media')];

/** Waits (a little) for the server to finish removing what a cut request left. */
export async function settledTemporaryUploads(server: TestServer): Promise<string[]> {
  for (let i = 0; i < 60 && temporaryUploads(server).length > 0; i++) await sleep(50);
  return temporaryUploads(server);
}

/** Stored media of the albums (event images and QR codes are not guest uploads). */
export async function storedAlbumKeys(server: TestServer): Promise<string[]> {
  const storage = server.app.storage as { list?: (prefix: string) => AsyncIterable<{ key: string }> };
  if (storage.list) {
    const keys: string[] = [];
    for await (const file of storage.list('events')) keys.push(file.key);
    return keys.filter((key) => key.includes('/albums/'));
  }
  return filesUnder(server, 'files')
    .map((file) => file.split(path.sep).join('/'))
    .filter((key) => key.includes('/albums/'));
}

export const photoCount = async (server: TestServer) =>
  Number((await server.app.db.selectFrom('photos').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())!.n);
