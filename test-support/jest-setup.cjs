// Shared jest setup: jest-dom matchers in the browser-like environment, and the TextEncoder that
// react-router needs under jsdom.
const { TextEncoder, TextDecoder } = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;
if (typeof window !== 'undefined') {
  require('@testing-library/jest-dom');
}
