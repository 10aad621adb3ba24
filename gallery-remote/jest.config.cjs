const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  // jsdom has no window.scrollTo (the grid's window virtualiser calls it).
  setupFilesAfterEnv: [...preset.setupFilesAfterEnv, '<rootDir>/jest.setup.cjs'],
};
