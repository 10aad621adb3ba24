// One jest preset for every package: swc transforms TS/TSX, jsdom for React packages, CSS mapped away.
// A package's jest.config.cjs spreads this and overrides what differs (the API uses the node environment).
const path = require('node:path');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: path.join(__dirname, 'test-support', 'jsdom-environment.cjs'),
  transform: {
    '^.+\\.(t|j)sx?$|^.+\\.mjs$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // ESM-only packages that jest must transform before it can load them (the lightbox; the router; Mock Service
  // Worker's helpers).
  transformIgnorePatterns: ['/node_modules/(?!(yet-another-react-lightbox|wouter|regexparam|rettime|until-async|@open-draft/deferred-promise)/)'],
  moduleNameMapper: {
    '\\.(css)$': 'identity-obj-proxy',
    '\\.(png|jpe?g|gif|svg|webp|woff2?)$': path.join(__dirname, 'test-support', 'file-stub.cjs'),
  },
  setupFilesAfterEnv: [path.join(__dirname, 'test-support', 'jest-setup.cjs')],
  testMatch: ['**/__tests__/**/*.test.[jt]s?(x)', '**/test/**/*.test.[jt]s?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  clearMocks: true,
  reporters: ['default', path.join(__dirname, 'test-support', 'count-reporter.cjs')],
};
