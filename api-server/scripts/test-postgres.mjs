#!/usr/bin/env node
// The API suite's second database: runs the same jest suite against PostgreSQL when
// TEST_POSTGRES_URL names one (CI starts one; see .ci/run). Each test server gets its own schema.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_POSTGRES_URL;
if (!url) {
  console.log('API suite on PostgreSQL: skipped (set TEST_POSTGRES_URL to run it)');
  process.exit(0);
}
console.log(`API suite on PostgreSQL (${url.replace(/\/\/[^@]*@/, '//***@')})`);
const run = spawnSync('npx', ['jest', '--runInBand'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(run.status ?? 1);
