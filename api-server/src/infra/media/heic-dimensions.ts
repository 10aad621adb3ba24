import fsp from 'node:fs/promises';

// Issue 23, item 6: a HEIC's size is read from its container before anything decodes it. The HEIF
// container (ISO-BMFF) declares every image's width and height in an `ispe` property of its `meta`
// box (meta → iprp → ipco → ispe); a decoder allocates width × height × 4 bytes, so a header that
// declares 30,000 × 30,000 is refused here, not discovered by running out of memory.

/** How much of the file is read to find the `meta` box (phones write it right after `ftyp`). */
const HEAD_BYTES = 4 * 1024 * 1024;

interface Box {
  type: string;
  /** Where the box's content starts and ends in the buffer. */
  start: number;
  end: number;
}

/** The boxes between `start` and `end`; a box that runs past the end (a truncated head) ends the list. */
function boxes(buffer: Buffer, start: number, end: number): Box[] {
  const found: Box[] = [];
  let offset = start;
  while (offset + 8 <= end) {
    let size = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) break;
      size = Number(buffer.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header) break;
    found.push({ type, start: offset + header, end: Math.min(offset + size, end) });
    if (offset + size > end) break;
    offset += size;
  }
  return found;
}

const child = (buffer: Buffer, parent: Box, type: string, fullBox = false) =>
  boxes(buffer, parent.start + (fullBox ? 4 : 0), parent.end).find((box) => box.type === type);

/** The largest image a HEIF head declares (`ispe`), or null when it declares none. */
export function heifDimensionsOf(head: Buffer): { width: number; height: number } | null {
  const meta = boxes(head, 0, head.length).find((box) => box.type === 'meta');
  if (!meta) return null;
  const iprp = child(head, meta, 'iprp', true);
  const ipco = iprp && child(head, iprp, 'ipco');
  if (!ipco) return null;
  let largest: { width: number; height: number } | null = null;
  for (const box of boxes(head, ipco.start, ipco.end)) {
    if (box.type !== 'ispe' || box.end - box.start < 12) continue;
    const width = head.readUInt32BE(box.start + 4);
    const height = head.readUInt32BE(box.start + 8);
    if (!largest || width * height > largest.width * largest.height) largest = { width, height };
  }
  return largest;
}

/** The largest image a HEIF file declares, read from its first bytes only. */
export async function heifDimensions(file: string): Promise<{ width: number; height: number } | null> {
  const handle = await fsp.open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return heifDimensionsOf(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
