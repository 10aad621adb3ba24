'use strict';
// buffer-crc32 1.x's API (what yazl calls) on a native CRC-32. yazl's checksum bounds a streamed ZIP's
// speed (docs/decisions.md, 'Download all'): buffer-crc32's table-driven JavaScript runs at about
// 350 MB/s, Node's zlib.crc32 at 2–3 GB/s, @node-rs/crc32 (crc32fast, carry-less multiply) at about
// 8 GB/s on the same core. Given to yazl by the root package.json's `overrides`. A platform without
// @node-rs/crc32's prebuilt binary falls back to zlib's. api-server depends on @node-rs/crc32 (npm does not
// install a linked override's own dependencies); it resolves from here, this folder being inside api-server.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS package, as buffer-crc32 is */
const native = (() => {
  try {
    return require('@node-rs/crc32').crc32;
  } catch {
    return require('node:zlib').crc32;
  }
})();

const asBuffer = (input) => (Buffer.isBuffer(input) ? input : Buffer.from(input));
const previous = (value) => (value === undefined || value === null ? 0 : Buffer.isBuffer(value) ? value.readUInt32BE(0) : value >>> 0);

function crc32(input, partial) {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(native(asBuffer(input), previous(partial)) >>> 0, 0);
  return out;
}
crc32.signed = (input, partial) => native(asBuffer(input), previous(partial)) | 0;
crc32.unsigned = (input, partial) => native(asBuffer(input), previous(partial)) >>> 0;

module.exports = crc32;
