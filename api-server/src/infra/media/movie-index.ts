/**
 * The index of an MP4 or QuickTime file (its `ftyp` and `moov` boxes) picked out of its bytes as they
 * stream by. A phone writes the index after the frames, so a reader that needs only the length
 * (ffprobe on the index alone) would otherwise take the whole file through a pipe: this keeps the
 * index (kilobytes) and counts its way past the frames (`mdat`) without holding them. The index goes
 * to a sink as it passes, so that its reader can start before the last byte.
 */

/** Top-level boxes an ISO base media file may start with (ISO/IEC 14496-12, QuickTime). */
const LEADING_BOXES = new Set(['ftyp', 'wide', 'free', 'skip', 'mdat', 'moov', 'pnot']);
/** The boxes kept: enough for ffprobe to read the streams and the length. */
const KEPT_BOXES = new Set(['ftyp', 'moov']);
/** An index larger than this (hours of video) is not kept in memory: the caller reads the length another way. */
const MAX_INDEX_BYTES = 32 * 1024 * 1024;

/** Whether a file's first bytes are an ISO base media box (MP4, MOV, 3GP). */
export function isMovieFile(head: Buffer): boolean {
  return head.length >= 8 && LEADING_BOXES.has(head.toString('latin1', 4, 8));
}

/**
 * What the index collector found once the last byte passed:
 * - `index`: the sink had `ftyp` + `moov`, all a reader needs for the streams and the length;
 * - `none`: the file has no `moov` (nothing can read its length);
 * - `elsewhere`: the length is not in the index alone (a fragmented file) or the index is too large to keep.
 */
export type MovieIndex = 'index' | 'none' | 'elsewhere';

export class MovieIndexCollector {
  /** `sink` gets the index's bytes in order as they pass; it is not called again once the answer is `elsewhere`. */
  constructor(private readonly sink: (bytes: Buffer) => void) {}

  private header = Buffer.alloc(0);
  /** Bytes of the current box still to come, and whether they are kept. */
  private remaining = 0;
  private keeping = false;
  private keptBytes = 0;
  private sawMovie = false;
  private outcome: 'open' | 'elsewhere' | 'broken' = 'open';

  add(piece: Buffer): void {
    let at = 0;
    while (at < piece.length && this.outcome === 'open') {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, piece.length - at);
        if (this.keeping) this.keep(piece.subarray(at, at + take));
        this.remaining -= take;
        at += take;
        continue;
      }
      // A box header: 8 bytes, or 16 when its size is a 64-bit number (size field 1).
      const want = this.header.length >= 8 && this.header.readUInt32BE(0) === 1 ? 16 : 8;
      const take = Math.min(want - this.header.length, piece.length - at);
      this.header = Buffer.concat([this.header, piece.subarray(at, at + take)]);
      at += take;
      if (this.header.length === 8 && this.header.readUInt32BE(0) === 1) continue;
      if (this.header.length === want) this.openBox();
    }
  }

  /** Call when the last byte has passed. */
  finish(): MovieIndex {
    if (this.outcome === 'elsewhere') return 'elsewhere';
    // A box cut short (bytes still owed) means a truncated file; a last box of size 0 ran to the end.
    const cutShort = (this.remaining > 0 && this.remaining !== Number.POSITIVE_INFINITY) || this.header.length > 0;
    return !this.sawMovie || this.outcome === 'broken' || cutShort ? 'none' : 'index';
  }

  private openBox(): void {
    const header = this.header;
    this.header = Buffer.alloc(0);
    const type = header.toString('latin1', 4, 8);
    const declared = header.readUInt32BE(0);
    // Size 0: the box runs to the end of the file (only the last box may say so).
    const size = declared === 1 ? Number(header.readBigUInt64BE(8)) : declared === 0 ? Number.POSITIVE_INFINITY : declared;
    if (size < header.length || !/^[\x20-\x7e]{4}$/.test(type)) {
      this.outcome = 'broken';
      return;
    }
    // Fragments carry their own lengths: the index alone does not say how long the video is.
    if (type === 'moof' || type === 'mfra') {
      this.outcome = 'elsewhere';
      return;
    }
    this.keeping = KEPT_BOXES.has(type);
    if (type === 'moov') this.sawMovie = true;
    if (this.keeping) this.keep(header);
    this.remaining = size - header.length;
  }

  private keep(bytes: Buffer): void {
    this.keptBytes += bytes.length;
    if (this.keptBytes > MAX_INDEX_BYTES) this.outcome = 'elsewhere';
    else this.sink(bytes);
  }
}
