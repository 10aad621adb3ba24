'use strict';
// buffer-crc32 1.x's API (what yazl calls) on Node's native zlib.crc32, which runs at several GB/s
// where buffer-crc32's table-driven JavaScript runs at about 350 MB/s and bounded the ZIP download
// (docs/decisions.md, 'Download all'). Given to yazl by the root package.json's `overrides`.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS package, as buffer-crc32 is
const { crc32: native } = require('node:zlib');

const asBuffer = (input) => (Buffer.isBuffer(input) ? input : Buffer.from(input));
const previous = (value) => (value === undefined || value === null ? 0 : Buffer.isBuffer(value) ? value.readUInt32BE(0) : value >>> 0);

function crc32(input, partial) {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(native(asBuffer(input), previous(partial)), 0);
  return out;
}
crc32.signed = (input, partial) => native(asBuffer(input), previous(partial)) | 0;
crc32.unsigned = (input, partial) => native(asBuffer(input), previous(partial)) >>> 0;

module.exports = crc32;
