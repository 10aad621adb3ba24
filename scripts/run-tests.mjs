#!/usr/bin/env node
// `npm test`: the lint (with its import boundaries) and the type check of every package first, then
// every suite through turbo (unit and component tests, the API suite on SQLite and, with
// TEST_POSTGRES_URL, on PostgreSQL, then the browser tests), and one closing line with the counts.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;

// A type error or a broken boundary fails the run, as a failing test does.
const checks = [
  ['lint', run('npm', ['run', '--silent', 'lint'])],
  ['check-types', run('npm', ['run', '--silent', 'check-types'])],
];
// The lint rules bite: planted forbidden imports are reported (scripts/__tests__).
const lintRules = run(process.execPath, [
  '--test',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=./test-support/node-count-reporter.mjs',
  '--test-reporter-destination=stdout',
  // Files, not the folder: Node 20 and Node 24 read a folder argument differently.
  ...readdirSync(join(root, 'scripts', '__tests__')).filter((file) => file.endsWith('.test.mjs')).map((file) => join('scripts', '__tests__', file)),
]);

const turbo = run(join(root, 'node_modules', '.bin', 'turbo'), ['run', 'test', '--concurrency=1', ...process.argv.slice(2)]);

const runs = existsSync(results)
  ? readdirSync(results).map((file) => JSON.parse(readFileSync(join(results, file), 'utf8')))
  : [];
const total = { passed: 0, failed: 0, skipped: 0 };
console.log('\nChecks:');
for (const [name, status] of checks) console.log(`  ${name.padEnd(34)} ${status === 0 ? 'passed' : 'FAILED'}`);
console.log('Suites:');
for (const suite of runs.sort((a, b) => a.suite.localeCompare(b.suite))) {
  total.passed += suite.passed;
  total.failed += suite.failed;
  total.skipped += suite.skipped;
  const where = suite.database ? ` (${suite.database})` : '';
  console.log(`  ${`${suite.suite}${where}`.padEnd(34)} ${suite.passed} passed, ${suite.failed} failed, ${suite.skipped} skipped`);
}
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);

if (turbo === 0 && total.passed === 0) {
  console.error('No test ran.');
  process.exit(1);
}
const failed = turbo !== 0 || lintRules !== 0 || total.failed > 0 || checks.some(([, status]) => status !== 0);
process.exit(failed ? 1 : 0);
