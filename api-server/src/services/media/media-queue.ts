import { failPhoto, failPlayback, makePlayback, makeScreenCopy, MediaJobAborted, processPhoto, type MediaJobDeps } from './media-job';

export interface MediaQueue {
  /** Queues photos that are `processing`; resolves once they are queued (not processed). */
  enqueue(ids: string[]): Promise<void>;
  /** At start: queues those of the unfinished photos that no job holds (a crash, or a queue that lost them). */
  resume(ids: string[]): Promise<void>;
  /** At start: queues, behind every upload, the finished photos that still lack their renditions (no job holding them). */
  backfill(ids: string[]): Promise<void>;
  /** At start: queues in the video lane, behind new videos, the finished videos without a playback rendition. */
  backfillVideos(ids: string[]): Promise<void>;
  /** Resolves once nothing is queued, waiting for a retry, or running (tests and benchmarks). */
  idle(): Promise<void>;
  /** Jobs queued or running in this process. */
  readonly pending: number;
  /** A shutdown began: this process starts no new job; what is queued stays for another instance or the next start. */
  pause(): Promise<void>;
  /** Stops taking jobs, kills ffmpeg, waits for the jobs in flight (their rows stay processing if cut short). */
  stop(): Promise<void>;
}

/**
 * The in-process queue (SQLite: one server process): at most `concurrency` jobs at once, in the order
 * photos were stored. Rows stay `processing` until their job ends, so a crash leaves them to the next
 * start, which queues every unfinished row again. Any failure ends the photo with the error.
 * Videos' playback renditions (issue 25) have a lane of their own, at most VIDEO_CONCURRENCY at once,
 * so that photos' thumbnails never wait behind a long transcoding; a video's poster is a photo job.
 * A photo's screen copy (issue 29) has a lane of its own too, MEDIA_CONCURRENCY jobs at once in
 * decoders nicer than the server's, so that a new photo's first copies never wait for a free worker
 * or for the CPU behind it.
 */
export class MediaWorker implements MediaQueue {
  private readonly queue: string[] = [];
  /** The renditions backfill: taken only when no upload waits. */
  private readonly background: string[] = [];
  private readonly queued = new Set<string>();
  private running = 0;
  /** The video lane: new videos first, then the backfill of older ones. */
  private readonly videos: string[] = [];
  private readonly videoBackground: string[] = [];
  private readonly videoQueued = new Set<string>();
  private videoRunning = 0;
  /** The screen lane: screen copies of photos already shown with their first ones. */
  private readonly screens: string[] = [];
  private readonly screenQueued = new Set<string>();
  private screenRunning = 0;
  private stopped = false;
  private paused = false;
  private readonly abort = new AbortController();
  private readonly idleWaiters: Array<() => void> = [];
  processedCount = 0;

  constructor(private readonly deps: MediaJobDeps) {}

  async enqueue(ids: string[]): Promise<void> {
    this.add(ids, (id) => this.queuePhoto(id, this.queue));
  }

  resume(ids: string[]): Promise<void> {
    return this.enqueue(ids);
  }

  async backfill(ids: string[]): Promise<void> {
    this.add(ids, (id) => this.queuePhoto(id, this.background));
  }

  async backfillVideos(ids: string[]): Promise<void> {
    this.add(ids, (id) => this.queueVideo(id, this.videoBackground));
  }

  /** Queues each id (unless stopped) and starts what may start. */
  private add(ids: string[], queueOne: (id: string) => void): void {
    if (this.stopped) return;
    for (const id of ids) queueOne(id);
    this.pump();
  }

  private queuePhoto(id: string, lane: string[]): void {
    if (this.queued.has(id)) return;
    this.queued.add(id);
    lane.push(id);
  }

  private queueVideo(id: string, lane: string[]): void {
    if (this.videoQueued.has(id)) return;
    this.videoQueued.add(id);
    lane.push(id);
  }

  private isIdle(): boolean {
    const waiting = this.queue.length + this.screens.length + this.background.length + this.videos.length + this.videoBackground.length;
    return this.running === 0 && this.videoRunning === 0 && this.screenRunning === 0 && (waiting === 0 || this.stopped || this.paused);
  }

  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  get pending(): number {
    return (
      this.queue.length + this.background.length + this.running + this.videos.length + this.videoBackground.length + this.videoRunning + this.screens.length + this.screenRunning
    );
  }

  async pause(): Promise<void> {
    this.paused = true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    this.screens.length = 0;
    this.background.length = 0;
    this.videos.length = 0;
    this.videoBackground.length = 0;
    this.abort.abort();
    if (this.running + this.videoRunning + this.screenRunning > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.running < this.deps.media.concurrency && this.queue.length + this.background.length > 0 && !this.stopped && !this.paused) {
      const id = this.queue.length > 0 ? this.queue.shift()! : this.background.shift()!;
      this.running++;
      this.process(id)
        .catch((error: unknown) => this.deps.log.warn({ err: error, photoId: id }, 'media job failed'))
        .finally(() => {
          this.running--;
          this.queued.delete(id);
          this.processedCount++;
          this.settled();
        });
    }
    while (this.screenRunning < this.deps.media.concurrency && this.screens.length > 0 && !this.stopped && !this.paused) {
      const id = this.screens.shift()!;
      this.screenRunning++;
      this.processScreen(id)
        .catch((error: unknown) => this.deps.log.warn({ err: error, photoId: id }, 'screen copy failed'))
        .finally(() => {
          this.screenRunning--;
          this.screenQueued.delete(id);
          this.settled();
        });
    }
    while (this.videoRunning < this.deps.media.video.concurrency && this.videos.length + this.videoBackground.length > 0 && !this.stopped && !this.paused) {
      const id = this.videos.length > 0 ? this.videos.shift()! : this.videoBackground.shift()!;
      this.videoRunning++;
      this.processVideo(id)
        .catch((error: unknown) => this.deps.log.warn({ err: error, photoId: id }, 'video job failed'))
        .finally(() => {
          this.videoRunning--;
          this.videoQueued.delete(id);
          this.settled();
        });
    }
  }

  private settled(): void {
    this.pump();
    if (this.isIdle()) this.idleWaiters.splice(0).forEach((resolve) => resolve());
  }

  private async process(id: string): Promise<void> {
    try {
      const result = await processPhoto(this.deps, id, this.abort.signal);
      if (result.playback && !this.stopped) {
        this.queueVideo(id, this.videos);
        this.pump();
      }
      if (result.display && !this.stopped && !this.screenQueued.has(id)) {
        this.screenQueued.add(id);
        this.screens.push(id);
        this.pump();
      }
    } catch (error) {
      // Cut short by shutdown: the row stays processing and is resumed at the next start.
      if (error instanceof MediaJobAborted || this.abort.signal.aborted) return;
      this.deps.log.warn({ err: error, photoId: id }, 'media processing failed');
      await failPhoto(this.deps.db, id, this.deps);
    }
  }

  private async processScreen(id: string): Promise<void> {
    try {
      await makeScreenCopy(this.deps, id, this.abort.signal);
    } catch (error) {
      // Cut short by shutdown, or the store failed: the photo keeps its grid copy on screens and the next start's backfill makes the screen copy.
      if (error instanceof MediaJobAborted || this.abort.signal.aborted) return;
      this.deps.log.warn({ err: error, photoId: id }, 'screen copy failed; the next start tries again');
    }
  }

  private async processVideo(id: string): Promise<void> {
    try {
      await makePlayback(this.deps, id, this.abort.signal);
    } catch (error) {
      // Cut short by shutdown: the video has no rendition yet and the next start's backfill makes it.
      if (error instanceof MediaJobAborted || this.abort.signal.aborted) return;
      this.deps.log.warn({ err: error, photoId: id }, 'playback rendition failed');
      await failPlayback(this.deps.db, id, this.deps);
    }
  }
}
