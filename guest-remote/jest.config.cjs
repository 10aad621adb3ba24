const path = require('node:path');
const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  // The fake API (Mock Service Worker) answers every call of the screens under test.
  setupFilesAfterEnv: [...preset.setupFilesAfterEnv, path.join(__dirname, '..', 'test-support', 'fake-api-setup.cjs')],
};
