#!/usr/bin/env node
// The API suite's second run: the same jest suite against PostgreSQL (TEST_POSTGRES_URL, which CI
// starts; see .ci/run) with the files in S3-compatible object storage (s3rver, started here from the
// npm registry). Each test server gets its own schema and its own bucket, and each run its own
// database: a run's schema cleanup (DROP SCHEMA) would otherwise break another run's catalog queries
// on the same database (Kysely's migrator lists every table), as when two checkouts test at once.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import pg from 'pg';

const url = process.env.TEST_POSTGRES_URL;
if (!url) {
  console.log('API suite on PostgreSQL + S3: skipped (set TEST_POSTGRES_URL to run it)');
  process.exit(0);
}
const database = `momentos_run_${randomBytes(5).toString('hex')}`;
const admin = async (statement) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};
await admin(`CREATE DATABASE "${database}"`);
const runUrl = new URL(url);
runUrl.pathname = `/${database}`;

const { spawnS3Server, CREDENTIALS } = createRequire(import.meta.url)('./s3-server.cjs');
let s3 = await spawnS3Server();
// The whole run shares this server: if it ever goes away, it starts again on the same port with the same
// buckets, so one crash costs the requests in flight rather than every test after it.
const supervise = (server) =>
  server.crashed.then(async () => {
    s3 = await spawnS3Server({ port: server.port, directory: server.directory });
    console.error(`s3rver started again on port ${s3.port}`);
    supervise(s3);
  });
supervise(s3);
console.log(`API suite on PostgreSQL (${url.replace(/\/\/[^@]*@/, '//***@')}) + S3 (s3rver at ${s3.endpoint})`);

const jest = spawn('npx', ['jest', '--runInBand', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: runUrl.href,
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    // s3rver assembles multipart parts of any size; the suite's chunk sessions use 16 KB chunks (S3 needs 5 MiB).
    S3_MIN_PART_BYTES: '1',
  },
});
const status = await new Promise((resolve) => jest.on('exit', (code) => resolve(code ?? 1)));
await s3.stop();
fs.rmSync(s3.directory, { recursive: true, force: true });
await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
process.exit(status);
