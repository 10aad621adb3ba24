// Jest reporter: writes this run's counts to <repo>/.test-results/ for scripts/run-tests.mjs, which
// prints one closing line for every suite of `npm test`.
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

class CountReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const dir = path.join(__dirname, '..', '.test-results');
    mkdirSync(dir, { recursive: true });
    const name = `${path.relative(path.join(__dirname, '..'), this.rootDir).replace(/[\\/]/g, '-') || 'root'}-${process.pid}.json`;
    writeFileSync(
      path.join(dir, `jest-${name}`),
      JSON.stringify({
        suite: path.relative(path.join(__dirname, '..'), this.rootDir),
        database: process.env.DATABASE_URL ? (process.env.STORAGE_DRIVER === 's3' ? 'postgresql + s3' : 'postgresql') : undefined,
        passed: results.numPassedTests,
        failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
        skipped: results.numPendingTests + results.numTodoTests,
      }),
    );
  }
}

module.exports = CountReporter;
