import PgBoss from 'pg-boss';
import { failPhoto, failPlayback, makePlayback, MediaJobAborted, processPhoto, type MediaJobDeps } from './media-job';
import type { MediaQueue } from './media-queue';

/** The queue of thumbnail jobs, and where jobs that failed for good are copied (their photo gets its error). */
export const MEDIA_QUEUE = 'media';
export const MEDIA_FAILED_QUEUE = 'media-failed';
/** Issue 25: videos' playback renditions, a queue of their own (VIDEO_CONCURRENCY workers per instance), and its dead letters. */
export const VIDEO_QUEUE = 'media-video';
export const VIDEO_FAILED_QUEUE = 'media-video-failed';
/**
 * pg-boss takes higher priorities first: an upload's photos, then the screen copies of photos already
 * shown with their first ones (issue 29), then the renditions backfill of older ones.
 */
const UPLOAD_PRIORITY = 2;
const DISPLAY_PRIORITY = 1;
const BACKFILL_PRIORITY = 0;
/**
 * The screen copy's job has a key of its own: queued while its photo's first job is still active, it
 * may be taken at once by another worker, which the queue's one-active-job-per-key index would refuse
 * under the photo's own key. Both jobs carry the photo id, so the start's resume sees the photo held.
 */
const SCREEN_KEY = (photoId: string) => `${photoId}:screen`;

interface PhotoJob {
  photoId: string;
}

/**
 * Media jobs in PostgreSQL through pg-boss, shared by every instance: a job is taken by one instance
 * (FOR UPDATE SKIP LOCKED), retried with growing pauses when it throws, failed and retried when it
 * runs past MEDIA_JOB_TIMEOUT (its instance died), and after MEDIA_JOB_RETRIES copied to the
 * dead-letter queue, whose worker ends the photo with its error. One job per photo waits at a time
 * (policy `stately`, keyed by photo id), so resuming at start never doubles a queued photo.
 */
export class PgBossMediaQueue implements MediaQueue {
  private readonly workerIds: string[] = [];
  private readonly videoWorkerIds: string[] = [];
  private readonly abort = new AbortController();
  private running = 0;
  private stopped = false;

  private constructor(
    private readonly deps: MediaJobDeps,
    private readonly boss: PgBoss,
    private readonly schema: string,
  ) {}

  static async start(deps: MediaJobDeps, options: { url: string; schema: string }): Promise<PgBossMediaQueue> {
    const jobs = deps.media.jobs;
    if (options.schema.length > 50) throw new Error(`DATABASE_SCHEMA longo demais para a fila de mídia (${options.schema}: no máximo 45 caracteres)`);
    const boss = new PgBoss({
      connectionString: options.url,
      schema: options.schema,
      // Connections are held only while fetching or finishing a job.
      max: Math.min(12, deps.media.concurrency + (deps.media.concurrency > 0 ? deps.media.video.concurrency : 0) + 2),
      schedule: false,
      maintenanceIntervalSeconds: Math.max(1, jobs.maintenanceSeconds),
    });
    boss.on('error', (error: unknown) => deps.log.warn({ err: error }, 'media queue error'));
    await boss.start();
    const queue = new PgBossMediaQueue(deps, boss, options.schema);
    try {
      await queue.setUp();
    } catch (error) {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      throw error;
    }
    return queue;
  }

  private async setUp(): Promise<void> {
    const jobs = this.deps.media.jobs;
    await this.boss.createQueue(MEDIA_FAILED_QUEUE, { name: MEDIA_FAILED_QUEUE, retryLimit: 5, retryDelay: jobs.retryDelaySeconds });
    const options: PgBoss.Queue = {
      name: MEDIA_QUEUE,
      policy: 'stately',
      retryLimit: jobs.retries,
      retryDelay: jobs.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: jobs.timeoutSeconds,
      deadLetter: MEDIA_FAILED_QUEUE,
    };
    await this.boss.createQueue(MEDIA_QUEUE, options);
    // The queue may predate this configuration: apply the current one (jobs already queued keep theirs).
    await this.boss.updateQueue(MEDIA_QUEUE, options);

    const concurrency = this.deps.media.concurrency;
    const polling = { pollingIntervalSeconds: jobs.pollSeconds, batchSize: 1 };
    for (let i = 0; i < concurrency; i++) {
      let workerId = '';
      workerId = await this.boss.work<PhotoJob>(MEDIA_QUEUE, polling, async ([job]) => {
        try {
          await this.run(job.data.photoId);
        } finally {
          // A busy worker asks for the next job at once: pg-boss would otherwise wait out the rest of its
          // polling interval after every job (one job per worker every 2 s, measured in bench/api/scale-out.mjs).
          if (workerId) this.boss.notifyWorker(workerId);
        }
      });
      this.workerIds.push(workerId);
    }
    if (concurrency > 0) {
      this.workerIds.push(await this.boss.work<PhotoJob>(MEDIA_FAILED_QUEUE, polling, ([job]) => failPhoto(this.deps.db, job.data.photoId, this.deps)));
    }

    // The video lane: a transcoding may take minutes, so it runs past MEDIA_JOB_TIMEOUT only when its
    // instance died (ffmpeg itself is killed at MEDIA_JOB_TIMEOUT and the video ends with its error).
    await this.boss.createQueue(VIDEO_FAILED_QUEUE, { name: VIDEO_FAILED_QUEUE, retryLimit: 5, retryDelay: jobs.retryDelaySeconds });
    const videoOptions: PgBoss.Queue = {
      name: VIDEO_QUEUE,
      policy: 'stately',
      retryLimit: jobs.retries,
      retryDelay: jobs.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: jobs.timeoutSeconds + 60,
      deadLetter: VIDEO_FAILED_QUEUE,
    };
    await this.boss.createQueue(VIDEO_QUEUE, videoOptions);
    await this.boss.updateQueue(VIDEO_QUEUE, videoOptions);
    if (concurrency > 0) {
      for (let i = 0; i < this.deps.media.video.concurrency; i++) {
        let workerId = '';
        workerId = await this.boss.work<PhotoJob>(VIDEO_QUEUE, polling, async ([job]) => {
          try {
            await this.runVideo(job.data.photoId);
          } finally {
            if (workerId) this.boss.notifyWorker(workerId);
          }
        });
        this.videoWorkerIds.push(workerId);
      }
      this.workerIds.push(await this.boss.work<PhotoJob>(VIDEO_FAILED_QUEUE, polling, ([job]) => failPlayback(this.deps.db, job.data.photoId, this.deps)));
    }
  }

  private async runVideo(photoId: string): Promise<void> {
    this.running++;
    try {
      await makePlayback(this.deps, photoId, this.abort.signal);
    } catch (error) {
      if (!(error instanceof MediaJobAborted)) this.deps.log.warn({ err: error, photoId }, 'video job failed; the queue will retry it');
      throw error;
    } finally {
      this.running--;
    }
  }

  /** One job: a throw fails it (pg-boss retries it or, the last time, hands it to the dead-letter queue). */
  private async run(photoId: string): Promise<void> {
    this.running++;
    try {
      const result = await processPhoto(this.deps, photoId, this.abort.signal);
      if (result.playback) await this.enqueueVideos([photoId], UPLOAD_PRIORITY);
      // Queued before this job completes: an instance that dies here leaves this job to be retried, which makes the screen copy.
      if (result.display) await this.enqueue([photoId], DISPLAY_PRIORITY, SCREEN_KEY);
    } catch (error) {
      if (!(error instanceof MediaJobAborted)) this.deps.log.warn({ err: error, photoId }, 'media job failed; the queue will retry it');
      throw error;
    } finally {
      this.running--;
    }
  }

  async enqueue(ids: string[], priority = UPLOAD_PRIORITY, singletonKey: (photoId: string) => string = String): Promise<void> {
    if (this.stopped || ids.length === 0) return;
    for (let i = 0; i < ids.length; i += 500) {
      const slice = ids.slice(i, i + 500);
      await this.boss.insert(slice.map((photoId) => ({ name: MEDIA_QUEUE, data: { photoId }, singletonKey: singletonKey(photoId), priority })));
    }
    // This instance's workers start at once instead of at their next poll.
    for (const id of this.workerIds) this.boss.notifyWorker(id);
  }

  /** Queues videos' playback renditions (one waiting job per video). */
  private async enqueueVideos(ids: string[], priority: number): Promise<void> {
    if (this.stopped || ids.length === 0) return;
    for (let i = 0; i < ids.length; i += 500) {
      const slice = ids.slice(i, i + 500);
      await this.boss.insert(slice.map((photoId) => ({ name: VIDEO_QUEUE, data: { photoId }, singletonKey: photoId, priority })));
    }
    for (const id of this.videoWorkerIds) this.boss.notifyWorker(id);
  }

  async backfillVideos(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const { rows } = await this.boss
      .getDb()
      .executeSql(`SELECT DISTINCT data->>'photoId' AS id FROM ${this.schema}.job WHERE name = $1 AND state < 'completed'`, [VIDEO_QUEUE]);
    const held = new Set(rows.map((row: { id: string }) => row.id));
    await this.enqueueVideos(
      ids.filter((id) => !held.has(id)),
      BACKFILL_PRIORITY,
    );
  }

  resume(ids: string[]): Promise<void> {
    return this.enqueueUnheld(ids, UPLOAD_PRIORITY);
  }

  backfill(ids: string[]): Promise<void> {
    return this.enqueueUnheld(ids, BACKFILL_PRIORITY);
  }

  private async enqueueUnheld(ids: string[], priority: number): Promise<void> {
    if (ids.length === 0) return;
    // Jobs not yet finished (created, retry, active): their photos are in hand already.
    const { rows } = await this.boss
      .getDb()
      .executeSql(`SELECT DISTINCT data->>'photoId' AS id FROM ${this.schema}.job WHERE name = $1 AND state < 'completed'`, [MEDIA_QUEUE]);
    const held = new Set(rows.map((row: { id: string }) => row.id));
    await this.enqueue(
      ids.filter((id) => !held.has(id)),
      priority,
    );
  }

  async idle(): Promise<void> {
    for (;;) {
      const waiting = await Promise.all(
        [MEDIA_QUEUE, MEDIA_FAILED_QUEUE, VIDEO_QUEUE, VIDEO_FAILED_QUEUE].map((name) => this.boss.getQueueSize(name, { before: 'completed' })),
      );
      if (waiting.every((count) => count === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  get pending(): number {
    return this.running;
  }

  async pause(): Promise<void> {
    // Jobs sent from now on (uploads finishing during the drain) go to the shared queue for the others.
    await Promise.all([MEDIA_QUEUE, MEDIA_FAILED_QUEUE, VIDEO_QUEUE, VIDEO_FAILED_QUEUE].map((name) => this.boss.offWork(name)));
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await Promise.all([MEDIA_QUEUE, MEDIA_FAILED_QUEUE, VIDEO_QUEUE, VIDEO_FAILED_QUEUE].map((name) => this.boss.offWork(name)));
    // Jobs in flight are cut short: they fail and another instance (or the next start) takes them up again.
    this.abort.abort();
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }
}
