import fsp from 'node:fs/promises';

export const GiB = 1024 ** 3;

export interface DiskSpace {
  /** Bytes an unprivileged process may still write. */
  free: number;
  /** Size of the filesystem. */
  total: number;
}

export async function measureDisk(dir: string): Promise<DiskSpace> {
  const stats = await fsp.statfs(dir);
  return { free: stats.bavail * stats.bsize, total: stats.blocks * stats.bsize };
}

/** MIN_FREE_DISK's default: 1 GiB or 5 % of the disk, whichever is larger. */
export const defaultMinimumFree = (total: number) => Math.max(GiB, Math.ceil(total * 0.05));

/** How long a measure of the disk is trusted while uploads are streaming. */
const REMEASURE_MS = 1000;

/**
 * The free space left under DATA_DIR, kept above a floor. Uploads ask before they start (with the
 * size they declare, when they declare one); while uploads stream, the bytes they receive are counted
 * down from the free space measured when they began, and the lower of that count and the disk's own
 * measure is believed: the filesystem may show written bytes late, other writers may show up early.
 * So an upload that would cross the floor is stopped mid-way, whatever the disk reports meanwhile.
 */
export class DiskHeadroom {
  private measured: { space: DiskSpace; at: number } | null = null;
  /** While uploads stream: the free space when they began and the bytes received since. */
  private countdown: { free: number; received: number } | null = null;
  private floor: number | null;

  constructor(
    private readonly dir: string,
    configuredFloor: number | null,
    private readonly measure: (dir: string) => Promise<DiskSpace> = measureDisk,
  ) {
    this.floor = configuredFloor;
  }

  /** The floor in bytes (MIN_FREE_DISK, or the default computed from the disk's size). */
  async minimumFree(): Promise<number> {
    if (this.floor === null) this.floor = defaultMinimumFree((await this.current()).total);
    return this.floor;
  }

  /** Free bytes now: the disk's measure (at most `maxAgeMs` old), or less if uploads received more. */
  async free(maxAgeMs = REMEASURE_MS): Promise<number> {
    const measured = (await this.current(maxAgeMs)).free;
    return this.countdown ? Math.min(measured, this.countdown.free - this.countdown.received) : measured;
  }

  /** Whether `incoming` more bytes leave at least the floor free. */
  async hasRoomFor(incoming: number): Promise<boolean> {
    return (await this.free()) - incoming >= (await this.minimumFree());
  }

  /** Uploads report the bytes they received. */
  received(bytes: number): void {
    if (bytes <= 0) return;
    this.countdown ??= { free: this.measured?.space.free ?? Number.POSITIVE_INFINITY, received: 0 };
    this.countdown.received += bytes;
  }

  /** No upload is streaming: the disk's own measure is the truth again. */
  settle(): void {
    this.countdown = null;
  }

  private async current(maxAgeMs = REMEASURE_MS): Promise<DiskSpace> {
    if (!this.measured || Date.now() - this.measured.at >= maxAgeMs) {
      this.measured = { space: await this.measure(this.dir), at: Date.now() };
    }
    return this.measured.space;
  }
}
