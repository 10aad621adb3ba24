// Many tests start a real server (migrations, a scrypt login): on a busy 2-core machine that can take
// longer than jest's 5 s default, which then fails a test that is only slow, not wrong.
module.exports = { ...require('../jest.preset.cjs'), testEnvironment: 'node', testTimeout: 30_000 };
