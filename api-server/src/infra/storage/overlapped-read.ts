import { Readable } from 'node:stream';
import type { FileHandle } from 'node:fs/promises';

/**
 * A whole file read with several reads at once, its pieces handed on in order (issue 29 item 5).
 * `fs.createReadStream` has one read in flight: each waits for the disk's answer to the previous one.
 * A virtual or flash disk answers several at once nearly as fast as one, so a cold file (an event's
 * videos in the ZIP, days after the party) comes off the disk faster when the next pieces are already
 * asked for. Each piece is its own buffer (handed on, never reused); a stream holds at most
 * `depth` + 1 pieces (the reads in flight and one waiting for the consumer). The handle is closed when
 * the stream ends or is destroyed, once no read is using it.
 */
export class OverlappedReadStream extends Readable {
  private position = 0;
  private readonly inFlight: Array<{ piece: Promise<Buffer> }> = [];
  private pumping = false;

  constructor(
    private readonly handle: FileHandle,
    private readonly size: number,
    private readonly options: { piece: number; depth: number },
  ) {
    super({ highWaterMark: options.piece });
  }

  override _read(): void {
    void this.pump();
  }

  /** Keeps `depth` reads asked for and pushes the oldest as it arrives, until the consumer has enough. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (;;) {
        while (this.inFlight.length < this.options.depth && this.position < this.size) {
          const length = Math.min(this.options.piece, this.size - this.position);
          const piece = this.readAt(this.position, length);
          // Awaited in its turn; until then a failure must not count as unhandled.
          piece.catch(() => undefined);
          this.inFlight.push({ piece });
          this.position += length;
        }
        // Left in the list until it has arrived, so that a destroy meanwhile waits for it too.
        const next = this.inFlight.at(0);
        if (next === undefined) {
          this.push(null);
          return;
        }
        const piece = await next.piece;
        if (this.destroyed) return;
        this.inFlight.shift();
        if (!this.push(piece)) return;
      }
    } catch (error) {
      this.destroy(error as Error);
    } finally {
      this.pumping = false;
    }
  }

  private async readAt(position: number, length: number): Promise<Buffer> {
    const buffer = Buffer.allocUnsafe(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await this.handle.read(buffer, filled, length - filled, position + filled);
      // The file is shorter than it was when described: an error, not a silently shorter copy.
      if (bytesRead === 0) throw new Error(`file ended at ${position + filled} of ${this.size} bytes`);
      filled += bytesRead;
    }
    return buffer;
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const reads = this.inFlight.splice(0).map((read) => read.piece);
    void Promise.allSettled(reads)
      .then(() => this.handle.close())
      .then(
        () => callback(error),
        (closeError: Error) => callback(error ?? closeError),
      );
  }
}
