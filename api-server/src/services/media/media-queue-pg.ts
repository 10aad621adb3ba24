import PgBoss from 'pg-boss';
import { failPhoto, failPlayback, failScreenCopy, makePlayback, makeScreenCopy, MediaJobAborted, processPhoto, type MediaJobDeps } from './media-job';
import type { MediaQueue } from './media-queue';

/** The queue of thumbnail jobs, and where jobs that failed for good are copied (their photo gets its error). */
export const MEDIA_QUEUE = 'media';
export const MEDIA_FAILED_QUEUE = 'media-failed';
/** Issue 25: videos' playback renditions, a queue of their own (VIDEO_CONCURRENCY workers per instance), and its dead letters. */
export const VIDEO_QUEUE = 'media-video';
export const VIDEO_FAILED_QUEUE = 'media-video-failed';
/**
 * Issue 29: photos' screen copies, a queue of their own (MEDIA_CONCURRENCY workers per instance, in
 * nicer decoders), so that a new photo's first copies never wait for a worker behind them.
 */
export const SCREEN_QUEUE = 'media-screen';
export const SCREEN_FAILED_QUEUE = 'media-screen-failed';
/** pg-boss takes higher priorities first: an upload's photos before the renditions backfill of older ones. */
const UPLOAD_PRIORITY = 1;
const BACKFILL_PRIORITY = 0;
const ALL_QUEUES = [MEDIA_QUEUE, MEDIA_FAILED_QUEUE, VIDEO_QUEUE, VIDEO_FAILED_QUEUE, SCREEN_QUEUE, SCREEN_FAILED_QUEUE];

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
  private readonly screenWorkerIds: string[] = [];
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
      // Connections are held only while fetching or finishing a job (photo, screen and video workers).
      max: Math.min(12, 2 * deps.media.concurrency + (deps.media.concurrency > 0 ? deps.media.video.concurrency : 0) + 2),
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
    const { jobs, concurrency } = this.deps.media;
    const options = { policy: 'stately' as const, retryLimit: jobs.retries, retryDelay: jobs.retryDelaySeconds, retryBackoff: true, expireInSeconds: jobs.timeoutSeconds };
    await this.startLane({ ...options, name: MEDIA_QUEUE, deadLetter: MEDIA_FAILED_QUEUE }, concurrency, this.workerIds, (id) => this.run(id), (id) =>
      failPhoto(this.deps.db, id, this.deps),
    );
    await this.startLane({ ...options, name: SCREEN_QUEUE, deadLetter: SCREEN_FAILED_QUEUE }, concurrency, this.screenWorkerIds, (id) => this.runScreen(id), (id) =>
      failScreenCopy(this.deps.db, id, this.deps),
    );
    // The video lane: a transcoding may take minutes, so it runs past MEDIA_JOB_TIMEOUT only when its
    // instance died (ffmpeg itself is killed at MEDIA_JOB_TIMEOUT and the video ends with its error).
    await this.startLane(
      { ...options, name: VIDEO_QUEUE, deadLetter: VIDEO_FAILED_QUEUE, expireInSeconds: jobs.timeoutSeconds + 60 },
      this.deps.media.video.concurrency,
      this.videoWorkerIds,
      (id) => this.runVideo(id),
      (id) => failPlayback(this.deps.db, id, this.deps),
    );
  }

  /**
   * One lane: its queue and its dead letters' queue (created, or updated to the current options: jobs
   * already queued keep theirs); on an instance that takes media jobs, `count` workers running `run`,
   * and the worker that hands a job failed for good to `fail`.
   */
  private async startLane(
    queue: PgBoss.Queue & { deadLetter: string },
    count: number,
    workerIds: string[],
    run: (photoId: string) => Promise<void>,
    fail: (photoId: string) => Promise<void>,
  ): Promise<void> {
    const jobs = this.deps.media.jobs;
    await this.boss.createQueue(queue.deadLetter, { name: queue.deadLetter, retryLimit: 5, retryDelay: jobs.retryDelaySeconds });
    await this.boss.createQueue(queue.name, queue);
    await this.boss.updateQueue(queue.name, queue);
    if (this.deps.media.concurrency === 0) return;
    const polling = { pollingIntervalSeconds: jobs.pollSeconds, batchSize: 1 };
    for (let i = 0; i < count; i++) {
      let workerId = '';
      workerId = await this.boss.work<PhotoJob>(queue.name, polling, async ([job]) => {
        try {
          await run(job.data.photoId);
        } finally {
          // A busy worker asks for the next job at once: pg-boss would otherwise wait out the rest of its
          // polling interval after every job (one job per worker every 2 s, measured in bench/api/scale-out.mjs).
          if (workerId) this.boss.notifyWorker(workerId);
        }
      });
      workerIds.push(workerId);
    }
    await this.boss.work<PhotoJob>(queue.deadLetter, polling, ([job]) => fail(job.data.photoId));
  }

  /**
   * One job of a lane, counted in `pending`: a throw fails it (pg-boss retries it or, the last time,
   * hands it to the lane's dead letters); `failure` is what the log says then.
   */
  private async runJob(photoId: string, failure: string, job: () => Promise<void>): Promise<void> {
    this.running++;
    try {
      await job();
    } catch (error) {
      if (!(error instanceof MediaJobAborted)) this.deps.log.warn({ err: error, photoId }, failure);
      throw error;
    } finally {
      this.running--;
    }
  }

  private runScreen(photoId: string): Promise<void> {
    return this.runJob(photoId, 'screen copy failed; the queue will retry it', () => makeScreenCopy(this.deps, photoId, this.abort.signal));
  }

  private runVideo(photoId: string): Promise<void> {
    return this.runJob(photoId, 'video job failed; the queue will retry it', () => makePlayback(this.deps, photoId, this.abort.signal));
  }

  private run(photoId: string): Promise<void> {
    return this.runJob(photoId, 'media job failed; the queue will retry it', async () => {
      const result = await processPhoto(this.deps, photoId, this.abort.signal);
      if (result.playback) await this.enqueueVideos([photoId], UPLOAD_PRIORITY);
      // Queued before this job completes: an instance that dies here leaves this job to be retried, which makes the screen copy.
      if (result.display) await this.insertJobs(SCREEN_QUEUE, [photoId], UPLOAD_PRIORITY, this.screenWorkerIds);
    });
  }

  enqueue(ids: string[], priority = UPLOAD_PRIORITY): Promise<void> {
    return this.insertJobs(MEDIA_QUEUE, ids, priority, this.workerIds);
  }

  /** Queues videos' playback renditions (one waiting job per video). */
  private enqueueVideos(ids: string[], priority: number): Promise<void> {
    return this.insertJobs(VIDEO_QUEUE, ids, priority, this.videoWorkerIds);
  }

  /** Queues one job per photo in `queue` (one waiting job per photo and queue), and wakes this instance's `workers` at once instead of at their next poll. */
  private async insertJobs(queue: string, ids: string[], priority: number, workers: string[]): Promise<void> {
    if (this.stopped || ids.length === 0) return;
    for (let i = 0; i < ids.length; i += 500) {
      const slice = ids.slice(i, i + 500);
      await this.boss.insert(slice.map((photoId) => ({ name: queue, data: { photoId }, singletonKey: photoId, priority })));
    }
    for (const id of workers) this.boss.notifyWorker(id);
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
    // Jobs not yet finished (created, retry, active): their photos are in hand already (a screen copy's too).
    const { rows } = await this.boss
      .getDb()
      .executeSql(`SELECT DISTINCT data->>'photoId' AS id FROM ${this.schema}.job WHERE name IN ($1, $2) AND state < 'completed'`, [MEDIA_QUEUE, SCREEN_QUEUE]);
    const held = new Set(rows.map((row: { id: string }) => row.id));
    await this.enqueue(
      ids.filter((id) => !held.has(id)),
      priority,
    );
  }

  async idle(): Promise<void> {
    for (;;) {
      const waiting = await Promise.all(ALL_QUEUES.map((name) => this.boss.getQueueSize(name, { before: 'completed' })));
      if (waiting.every((count) => count === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  get pending(): number {
    return this.running;
  }

  async pause(): Promise<void> {
    // Jobs sent from now on (uploads finishing during the drain) go to the shared queue for the others.
    await Promise.all(ALL_QUEUES.map((name) => this.boss.offWork(name)));
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await Promise.all(ALL_QUEUES.map((name) => this.boss.offWork(name)));
    // Jobs in flight are cut short: they fail and another instance (or the next start) takes them up again.
    this.abort.abort();
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }
}
