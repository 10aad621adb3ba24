#!/usr/bin/env node
// `npm test`: every suite through turbo (unit and component tests, the API suite on SQLite and, with
// TEST_POSTGRES_URL, on PostgreSQL, then the browser tests), and one closing line with the counts.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, '.test-results');
rmSync(results, { recursive: true, force: true });

const turbo = spawnSync(join(root, 'node_modules', '.bin', 'turbo'), ['run', 'test', '--concurrency=1', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
});

const runs = existsSync(results)
  ? readdirSync(results).map((file) => JSON.parse(readFileSync(join(results, file), 'utf8')))
  : [];
const total = { passed: 0, failed: 0, skipped: 0 };
console.log('\nSuites:');
for (const run of runs.sort((a, b) => a.suite.localeCompare(b.suite))) {
  total.passed += run.passed;
  total.failed += run.failed;
  total.skipped += run.skipped;
  const where = run.database ? ` (${run.database})` : '';
  console.log(`  ${`${run.suite}${where}`.padEnd(34)} ${run.passed} passed, ${run.failed} failed, ${run.skipped} skipped`);
}
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);

const status = turbo.status ?? 1;
if (status === 0 && total.passed === 0) {
  console.error('No test ran.');
  process.exit(1);
}
process.exit(status !== 0 ? status : total.failed > 0 ? 1 : 0);
