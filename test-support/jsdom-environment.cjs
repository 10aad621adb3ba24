// jsdom plus the web-platform globals of Node that jsdom lacks or implements apart (react-router's
// data routers build Request objects; Mock Service Worker needs fetch, streams and Node's Blob, File
// and FormData, so that a multipart body sent through XMLHttpRequest reaches its handlers intact).
// Modules resolve as in Node rather than as in a browser (no 'browser' export condition): `msw/node`
// exists only there. The same setup as the jest-fixed-jsdom package.
const { TestEnvironment } = require('jest-environment-jsdom');

const fromNode = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'TextEncoderStream',
  'TextDecoderStream',
  'BroadcastChannel',
  'structuredClone',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.customExportConditions = [''];
    for (const name of fromNode) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
