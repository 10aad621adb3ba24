const path = require('node:path');
const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  setupFilesAfterEnv: [
    ...preset.setupFilesAfterEnv,
    // The fake API (Mock Service Worker) answers every call of the screens under test.
    path.join(__dirname, '..', 'test-support', 'fake-api-setup.cjs'),
    // jsdom has no window.scrollTo (the grid's window virtualiser calls it).
    '<rootDir>/jest.setup.cjs',
  ],
};
