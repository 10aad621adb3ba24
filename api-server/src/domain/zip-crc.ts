// Where the ZIP's time went (issue 29): yazl computes each entry's CRC-32 through buffer-crc32, a
// byte-at-a-time JavaScript loop of a few hundred MB/s on this machine's cores (measured 9× slower
// than zlib's), the slowest step between the disk and the socket. Node's zlib.crc32 (zlib's C code,
// Node ≥ 20.15 / 22.2) computes the same sum (the same polynomial, continued from a previous value):
// buffer-crc32's `unsigned`, the one call yazl makes while streaming, is pointed at it here, once.
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

type Crc32Module = { unsigned: (buffer: Buffer | string, previous?: number | Buffer) => number };

let installed = false;

/** Makes yazl's streaming CRC-32 native; a no-op where zlib.crc32 is missing (the JavaScript loop stays). */
export function useNativeZipCrc(): boolean {
  if (installed) return true;
  const native = (zlib as { crc32?: (data: Buffer | string, value?: number) => number }).crc32;
  if (typeof native !== 'function') return false;
  // yazl's own copy of buffer-crc32 (the one its `require` resolves).
  const yazlCrc = createRequire(require.resolve('yazl'))('buffer-crc32') as Crc32Module;
  const javascript = yazlCrc.unsigned;
  yazlCrc.unsigned = (buffer, previous) => {
    // buffer-crc32 also takes a previous CRC as a 4-byte buffer; yazl passes numbers only.
    if (previous !== undefined && typeof previous !== 'number') return javascript(buffer, previous);
    return native(buffer, previous ?? 0) >>> 0;
  };
  installed = true;
  return true;
}
