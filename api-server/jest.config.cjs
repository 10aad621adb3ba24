// The AWS SDK warns once per test file that its releases after January 2027 need Node 22 (the package
// is pinned; see docs/decisions.md): noise in test output, so the tests turn it off.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// Many tests start a real server (migrations, a scrypt login): on a busy 2-core machine that can take
// longer than jest's 5 s default, which then fails a test that is only slow, not wrong.
// The environment is Node's, which also closes the test servers a test left running (test/server-environment.cjs).
// If one of those closes never ends (it is reported then), `forceExit` still ends the run once every
// file has reported, rather than leaving CI to wait for its time limit with nothing more to say.
module.exports = { ...require('../jest.preset.cjs'), testEnvironment: '<rootDir>/test/server-environment.cjs', testTimeout: 30_000, forceExit: true };
