import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import { Readable } from 'node:stream';
import { CreateBucketCommand, DeleteBucketCommand } from '@aws-sdk/client-s3';
import { S3Storage } from '../src/infra/storage/s3';
import type { S3TestServer } from './s3';

// Uploads over HTTPS are signed with UNSIGNED-PAYLOAD (TLS guards the bytes; no second SHA-256 pass
// over every part), over plain HTTP with the payload's SHA-256, as AWS's Java and Go SDKs do.
// Against s3rver over HTTPS with the tests' self-signed certificate (test/tls/).

const { spawnS3Server, TLS_FILES } = require('../scripts/s3-server.cjs') as {
  spawnS3Server: (options: { tls: boolean }) => Promise<S3TestServer>;
  TLS_FILES: { cert: string };
};
const MB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Sent {
  command: string;
  payload: string | undefined;
  signedHeaders: string;
}

/**
 * The client told to trust the tests' certificate: its request handler again, with an agent that knows
 * the certificate (a server would be started with NODE_EXTRA_CA_CERTS instead, read only at start).
 */
function trustTestCertificate(storage: S3Storage): void {
  const config = storage.client.config as unknown as { requestHandler: object };
  const Handler = config.requestHandler.constructor as new (options: object) => object;
  config.requestHandler = new Handler({ httpsAgent: new https.Agent({ keepAlive: true, ca: fs.readFileSync(TLS_FILES.cert) }) });
}

/** Records every request as it leaves the client, after signing (the 'deserialize' step wraps the send). */
function recordSent(storage: S3Storage): Sent[] {
  const sent: Sent[] = [];
  storage.client.middlewareStack.add(
    (next, context) => async (args) => {
      const headers = (args.request as { headers: Record<string, string> }).headers;
      sent.push({
        command: String(context.commandName),
        payload: headers['x-amz-content-sha256'],
        signedHeaders: /SignedHeaders=([^,]+)/.exec(headers.authorization ?? '')?.[1] ?? '',
      });
      return next(args);
    },
    { step: 'deserialize', name: 'testRecordSent' },
  );
  return sent;
}

async function readAll(storage: S3Storage, key: string): Promise<Buffer> {
  const file = await storage.get(key);
  if (!file) throw new Error(`${key} is missing`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each([
  ['HTTPS', true],
  ['plain HTTP', false],
])('uploads to S3 over %s', (_name, tls) => {
  let server: S3TestServer;
  let storage: S3Storage;
  let sent: Sent[];
  const bucket = 'tls-test';

  beforeAll(async () => {
    server = await spawnS3Server({ tls });
    storage = new S3Storage({ endpoint: server.endpoint, region: 'us-east-1', bucket, ...server.credentials, forcePathStyle: true, minPartBytes: 1 }, { partSize: 5 * MB });
    if (tls) trustTestCertificate(storage);
    await storage.client.send(new CreateBucketCommand({ Bucket: bucket }));
    sent = recordSent(storage);
  }, 30_000);
  afterAll(async () => {
    await storage.removePrefix('events');
    await storage.client.send(new DeleteBucketCommand({ Bucket: bucket }));
    await storage.close();
    await server.stop();
    fs.rmSync(server.directory, { recursive: true, force: true });
  });

  test('a one-shot put and a streamed multipart upload arrive byte for byte; the payload is signed only without TLS', async () => {
    expect(server.endpoint.startsWith(tls ? 'https://' : 'http://')).toBe(true);
    const small = randomBytes(64 * 1024);
    const large = randomBytes(12 * MB);
    await storage.put('events/e/small.jpg', small);
    // A stream longer than a part: lib-storage sends it as a multipart upload (UploadPart × 3).
    await storage.put('events/e/large.mp4', Readable.from([large.subarray(0, 7 * MB), large.subarray(7 * MB)]));

    expect(sha256(await readAll(storage, 'events/e/small.jpg'))).toBe(sha256(small));
    expect(sha256(await readAll(storage, 'events/e/large.mp4'))).toBe(sha256(large));

    const bodies = sent.filter((request) => request.command === 'PutObjectCommand' || request.command === 'UploadPartCommand');
    expect(bodies.map((request) => request.command)).toEqual(['PutObjectCommand', 'UploadPartCommand', 'UploadPartCommand', 'UploadPartCommand']);
    for (const request of bodies) {
      expect(request.payload).toMatch(tls ? /^UNSIGNED-PAYLOAD$/ : /^[0-9a-f]{64}$/);
      // The header is itself signed: a proxy cannot swap it.
      expect(request.signedHeaders.split(';')).toContain('x-amz-content-sha256');
    }
    // Requests without a file's bytes are left as the SDK signs them.
    const others = sent.filter((request) => !bodies.includes(request));
    expect(others.length).toBeGreaterThan(0);
    for (const request of others) expect(request.payload).toMatch(/^[0-9a-f]{64}$/);
  });
});
