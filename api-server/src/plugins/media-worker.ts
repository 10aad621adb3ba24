import fp from 'fastify-plugin';
import type { Config } from '../config';
import { backfillEventCards } from '../services/events';
import { closeIdleDecoders } from '../infra/media/decoder-pool';
import { failPhoto, failPlayback, makePlayback, MediaJobAborted, processPhoto, type MediaJobDeps } from '../services/media/media-job';
import { findPhotoWithAlbum, pendingPhotoIds, photosNeedingRenditions, videosNeedingPlayback } from '../repositories/photos';
import { PgBossMediaQueue } from '../services/media/media-queue-pg';
import { messagesAwaitingAudio } from '../repositories/messages';

/** Where stored photos wait for their thumbnail. */
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
  private stopped = false;
  private paused = false;
  private readonly abort = new AbortController();
  private readonly idleWaiters: Array<() => void> = [];
  processedCount = 0;

  constructor(private readonly deps: MediaJobDeps) {}

  async enqueue(ids: string[]): Promise<void> {
    if (this.stopped) return;
    for (const id of ids) {
      if (this.queued.has(id)) continue;
      this.queued.add(id);
      this.queue.push(id);
    }
    this.pump();
  }

  resume(ids: string[]): Promise<void> {
    return this.enqueue(ids);
  }

  async backfill(ids: string[]): Promise<void> {
    if (this.stopped) return;
    for (const id of ids) {
      if (this.queued.has(id)) continue;
      this.queued.add(id);
      this.background.push(id);
    }
    this.pump();
  }

  async backfillVideos(ids: string[]): Promise<void> {
    if (this.stopped) return;
    for (const id of ids) this.queueVideo(id, this.videoBackground);
    this.pump();
  }

  private queueVideo(id: string, lane: string[]): void {
    if (this.videoQueued.has(id)) return;
    this.videoQueued.add(id);
    lane.push(id);
  }

  private isIdle(): boolean {
    const waiting = this.queue.length + this.background.length + this.videos.length + this.videoBackground.length;
    return this.running === 0 && this.videoRunning === 0 && (waiting === 0 || this.stopped || this.paused);
  }

  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  get pending(): number {
    return this.queue.length + this.background.length + this.running + this.videos.length + this.videoBackground.length + this.videoRunning;
  }

  async pause(): Promise<void> {
    this.paused = true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    this.background.length = 0;
    this.videos.length = 0;
    this.videoBackground.length = 0;
    this.abort.abort();
    if (this.running + this.videoRunning > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
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
      if (result.playback && !this.stopped) this.queueVideo(id, this.videos);
    } catch (error) {
      // Cut short by shutdown: the row stays processing and is resumed at the next start.
      if (error instanceof MediaJobAborted || this.abort.signal.aborted) return;
      this.deps.log.warn({ err: error, photoId: id }, 'media processing failed');
      await failPhoto(this.deps.db, id, this.deps);
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

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaQueue;
  }
}

/**
 * The media queue: with PostgreSQL a pg-boss queue shared by every instance (any instance processes any
 * job, jobs of a dead instance are retried after MEDIA_JOB_TIMEOUT); with SQLite the in-process queue.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    // Issue 24: a finished job is announced (`photos_updated`) to this instance's sockets and, through the bus, to the others'.
    const announce = async (photoId: string) => {
      const photo = await findPhotoWithAlbum(app.db, photoId);
      if (photo) await app.realtime.announceUpdated({ id: photo.album_id, event_id: photo.event_id, is_public: photo.is_public }, [photo]);
    };
    const deps: MediaJobDeps = { db: app.db, storage: app.storage, temp: app.temp, media: config.media, guestbook: config.guestbook, log: app.log, announce };
    const queue: MediaQueue =
      app.dbDialect === 'postgres'
        ? await PgBossMediaQueue.start(deps, { url: config.databaseUrl!, schema: mediaJobsSchema(config.databaseSchema) })
        : new MediaWorker(deps);
    app.decorate('media', queue);
    // Photos left unfinished by a crash or a stop are queued again once the app is ready; on the shared
    // queue only those no job holds (another instance may be working on the others).
    app.addHook('onReady', async () => {
      // Issue 26: voice notes still waiting for their AAC rendition go through the same queue.
      const pending = [...(await pendingPhotoIds(app.db)), ...(await messagesAwaitingAudio(app.db)).map((row) => row.id)];
      if (pending.length > 0) app.log.info({ count: pending.length }, 'resuming media jobs');
      await queue.resume(pending);
      // Photos made before renditions existed get them in the background, behind any upload; a stop
      // leaves the rest to the next start (resumable).
      const old = await photosNeedingRenditions(app.db);
      if (old.length > 0) app.log.info({ count: old.length }, 'making renditions of older photos');
      await queue.backfill(old);
      // Videos stored before playback renditions existed (or whose job a stop cut short) get them in the video lane.
      const videos = await videosNeedingPlayback(app.db);
      if (videos.length > 0) app.log.info({ count: videos.length }, 'making playback renditions of older videos');
      await queue.backfillVideos(videos);
      // Event images stored before cards existed get theirs, one at a time, in the background.
      cards = backfillEventCards({ db: app.db, storage: app.storage, maxInputPixels: config.media.maxInputPixels, log: app.log, stopped: () => closing }).catch(
        (error: unknown) => app.log.warn({ err: error }, 'event card backfill stopped; the next start goes on'),
      );
    });
    let closing = false;
    let cards: Promise<void> = Promise.resolve();
    app.addHook('preClose', async () => {
      closing = true;
      await queue.stop();
      await cards;
      closeIdleDecoders();
    });
    app.log.info(
      {
        queue: queue instanceof MediaWorker ? 'in-process' : 'pg-boss',
        concurrency: config.media.concurrency,
        videoConcurrency: config.media.video.concurrency,
        ffmpeg: config.media.ffmpegPath ?? 'none',
      },
      'media worker ready',
    );
  },
  { name: 'media-worker', dependencies: ['db', 'storage', 'realtime'] },
);

/** pg-boss keeps its tables in a schema of its own, next to the app's: `<DATABASE_SCHEMA>_jobs`, or `momentos_jobs`. */
export function mediaJobsSchema(databaseSchema: string | undefined): string {
  return `${databaseSchema ?? 'momentos'}_jobs`;
}
