// node:test reporter: writes the run's counts to <repo>/.test-results/ for scripts/run-tests.mjs,
// like the jest and Playwright count reporters. Pair it with the `spec` reporter for the output.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export default async function* countReporter(source) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for await (const event of source) {
    // Leaf tests only: a describe block reports as a test with children.
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') continue;
    if (event.data.skip || event.data.todo) counts.skipped += 1;
    else if (event.type === 'test:pass') counts.passed += 1;
    else counts.failed += 1;
  }
  mkdirSync(join(root, '.test-results'), { recursive: true });
  // The suite is named after the folder the runner was started on (scripts/__tests__ → 'scripts').
  writeFileSync(join(root, '.test-results', `node-scripts-${process.pid}.json`), JSON.stringify({ suite: 'scripts', ...counts }));
  yield '';
}
