import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { SNIFF_BYTES } from './media-type';

export interface Received {
  size: number;
  head: Buffer;
}

/**
 * Streams one part to `target` while counting its bytes and keeping its first bytes for type
 * detection. `onBytes` sees every piece first and may throw (a limit), which ends the stream.
 */
export async function streamToFile(source: Readable, target: string, onBytes: (length: number) => void): Promise<Received> {
  let size = 0;
  const headParts: Buffer[] = [];
  let headLength = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        onBytes(chunk.length);
      } catch (error) {
        callback(error as Error);
        return;
      }
      size += chunk.length;
      if (headLength < SNIFF_BYTES) {
        headParts.push(chunk.subarray(0, SNIFF_BYTES - headLength));
        headLength += Math.min(chunk.length, SNIFF_BYTES - headLength);
      }
      callback(null, chunk);
    },
  });
  await pipeline(source, counter, fs.createWriteStream(target, { highWaterMark: 1024 * 1024 }));
  return { size, head: Buffer.concat(headParts) };
}

/** The first bytes of a file on disk. */
export async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
