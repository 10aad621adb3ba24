import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { makeImageThumbnail, decodeHeic, extractPosterFrame } from '../domain/thumbnails';
import { LocalStorage } from '../domain/storage';
import { messages } from '../errors';
import { findPhoto, finishProcessing, pendingPhotoIds } from '../repositories/photos';

/**
 * Makes `compressed_photo` for photos that are `processing`: at most `concurrency` at once, in the
 * order they were stored. Rows stay `processing` until their job ends, so a crash leaves them to the
 * next start, which queues every unfinished row again.
 */
export class MediaWorker {
  private readonly queue: string[] = [];
  private readonly queued = new Set<string>();
  private running = 0;
  private stopped = false;
  private readonly abort = new AbortController();
  private readonly idleWaiters: Array<() => void> = [];
  processedCount = 0;

  constructor(
    private readonly app: FastifyInstance,
    private readonly config: Config['media'],
  ) {}

  enqueue(ids: string[]): void {
    if (this.stopped) return;
    for (const id of ids) {
      if (this.queued.has(id)) continue;
      this.queued.add(id);
      this.queue.push(id);
    }
    this.pump();
  }

  /** Resolves once nothing is queued or running (tests and benchmarks). */
  idle(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  get pending(): number {
    return this.queue.length + this.running;
  }

  /** Stops taking jobs, kills ffmpeg, waits for the jobs in flight (their rows stay processing if cut short). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    this.abort.abort();
    if (this.running > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.running < this.config.concurrency && this.queue.length > 0 && !this.stopped) {
      const id = this.queue.shift()!;
      this.running++;
      this.process(id)
        .catch((error: unknown) => this.app.log.error({ err: error, photoId: id }, 'media job failed'))
        .finally(() => {
          this.running--;
          this.queued.delete(id);
          this.processedCount++;
          this.pump();
          if (this.running === 0 && (this.queue.length === 0 || this.stopped)) this.idleWaiters.splice(0).forEach((resolve) => resolve());
        });
    }
  }

  private async process(id: string): Promise<void> {
    const photo = await findPhoto(this.app.db, id);
    if (!photo || Number(photo.processing) !== 1) return;
    const storage = this.app.storage;
    if (!(storage instanceof LocalStorage)) throw new Error('media worker needs local storage');
    const original = storage.resolve(photo.original_path);
    if (!original) throw new Error(`bad storage key ${photo.original_path}`);

    const temp = this.app.temp;
    const output = temp.file('media', `${id}.webp`);
    const poster = temp.file('media', `${id}-poster.jpg`);
    const thumbnailKey = photo.original_path.replace(/\.[A-Za-z0-9]+$/, '') + '-thumb.webp';
    const options = { size: this.config.thumbnailSize, maxInputPixels: this.config.maxInputPixels };
    try {
      if (photo.file_type === 'video') {
        if (!this.config.ffmpegPath) {
          // Without ffmpeg a video has no poster; that is not an error.
          await finishProcessing(this.app.db, id, { compressedPath: null, error: null });
          return;
        }
        await extractPosterFrame(this.config.ffmpegPath, original, poster, this.abort.signal);
        await makeImageThumbnail(poster, output, options);
      } else if (/\.(heic|heif)$/i.test(photo.original_path)) {
        await makeImageThumbnail(await decodeHeic(original, this.abort.signal), output, options);
      } else {
        await makeImageThumbnail(original, output, options);
      }
      if (this.abort.signal.aborted) return;
      await storage.moveIn(output, thumbnailKey);
      await finishProcessing(this.app.db, id, { compressedPath: thumbnailKey, error: null });
    } catch (error) {
      // Cut short by shutdown: the row stays processing and is resumed at the next start.
      if (this.abort.signal.aborted) return;
      this.app.log.warn({ err: error, photoId: id }, 'media processing failed');
      await finishProcessing(this.app.db, id, { compressedPath: null, error: messages.processingFailed });
    } finally {
      await temp.remove(output);
      await temp.remove(poster);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaWorker;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const worker = new MediaWorker(app, config.media);
    app.decorate('media', worker);
    // Jobs left unfinished by a crash or a stop resume once the app is ready.
    app.addHook('onReady', async () => {
      const pending = await pendingPhotoIds(app.db);
      if (pending.length > 0) app.log.info({ count: pending.length }, 'resuming media jobs');
      worker.enqueue(pending);
    });
    app.addHook('preClose', async () => {
      await worker.stop();
    });
    app.log.info({ concurrency: config.media.concurrency, ffmpeg: config.media.ffmpegPath ?? 'none' }, 'media worker ready');
  },
  { name: 'media-worker', dependencies: ['db', 'storage'] },
);
