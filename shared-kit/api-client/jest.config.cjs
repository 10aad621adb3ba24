const path = require('node:path');
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  // The fake API (Mock Service Worker): the calls' tests go through axios to its handlers.
  setupFilesAfterEnv: [...preset.setupFilesAfterEnv, path.join(__dirname, '..', '..', 'test-support', 'fake-api-setup.cjs')],
};
