import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, DeleteBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { S3Storage } from '../src/infra/storage/s3';

export interface S3TestServer {
  endpoint: string;
  port: number;
  directory: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Stops the server (an outage); its buckets stay on disk. */
  stop: () => Promise<void>;
}

// The spawner is shared with scripts/test-postgres.mjs, which starts the server for the whole PostgreSQL + S3 run.
const { spawnS3Server } = require('../scripts/s3-server.cjs') as {
  spawnS3Server: (options?: { port?: number; directory?: string }) => Promise<S3TestServer>;
};

/** Starts s3rver in a child process (a fresh directory, or `directory` again on the same `port` after an outage). */
export const startS3Server = (options?: { port?: number; directory?: string }) => spawnS3Server(options);

/** The S3 variables of the run (scripts/test-postgres.mjs sets them), or of a server a test started. */
export function s3Env(server?: Pick<S3TestServer, 'endpoint' | 'credentials'>): Record<string, string> {
  if (server) {
    return {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: server.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: server.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: server.credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver assembles parts of any size; the suite's chunk sessions use 16 KB chunks.
      S3_MIN_PART_BYTES: '1',
    };
  }
  const env: Record<string, string> = {};
  for (const name of ['STORAGE_DRIVER', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_MIN_PART_BYTES']) {
    if (process.env[name]) env[name] = process.env[name]!;
  }
  return env;
}

function adminClient(env: Record<string, string>): S3Client {
  return new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
}

/** A new empty bucket on the server the variables name. */
export async function createBucket(env: Record<string, string>): Promise<string> {
  const bucket = `test-${randomBytes(6).toString('hex')}`;
  const client = adminClient(env);
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
  return bucket;
}

/** Empties and deletes a bucket made by `createBucket`. */
export async function deleteBucket(env: Record<string, string>, bucket: string): Promise<void> {
  const storage = new S3Storage({ endpoint: env.S3_ENDPOINT, region: 'us-east-1', bucket, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY, forcePathStyle: true, minPartBytes: 1 });
  const client = adminClient(env);
  try {
    for (const prefix of ['events', 'uploads', '_momentos']) await storage.removePrefix(prefix);
    await client.send(new DeleteBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
    await storage.close();
  }
}
