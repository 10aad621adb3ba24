// The API suite's environment: Node's, plus one step when a test file's run ends. After the file's
// own afterAll hooks, and before jest tears the file's modules down, it closes the test servers a
// test left running or still booting (test/helpers.ts, closeLeftoverServers): a test that timed out
// before its `finally` must not leave pg-boss workers and database pools running into the next files.
const { TestEnvironment } = require('jest-environment-node');

const LEFTOVER_CLOSE_MS = 60_000;

class ServerTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testFile = context.testPath;
  }

  // jest-circus awaits this handler; 'run_finish' comes after the last afterAll hook.
  async handleTestEvent(event) {
    const closeLeftoverServers = this.global.closeLeftoverServers;
    if (event.name !== 'run_finish' || typeof closeLeftoverServers !== 'function') return;
    // Bounded: a close that never ends must not hold the whole run (it is reported instead).
    let bound;
    const timedOut = new Promise((resolve) => (bound = setTimeout(() => resolve('timeout'), LEFTOVER_CLOSE_MS)));
    const closed = await Promise.race([closeLeftoverServers(), timedOut]);
    clearTimeout(bound);
    if (closed === 'timeout') console.warn(`${this.testFile}: test servers still closing after ${LEFTOVER_CLOSE_MS / 1000} s`);
    else if (closed.length > 0) console.warn(`${this.testFile}: closed ${closed.length} test server(s) left running: ${closed.join(', ')}`);
  }
}

module.exports = ServerTestEnvironment;
