import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Writes the browser suite's counts to <repo>/.test-results/ for scripts/run-tests.mjs. */
export default class CountReporter implements Reporter {
  private counts = { passed: 0, failed: 0, skipped: 0 };

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    if (result.status === 'passed') this.counts.passed += 1;
    else if (result.status === 'skipped') this.counts.skipped += 1;
    else this.counts.failed += 1;
  }

  onEnd() {
    const dir = join(__dirname, '..', '..', '.test-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `e2e-${process.pid}.json`), JSON.stringify({ suite: 'e2e', ...this.counts }));
  }
}
