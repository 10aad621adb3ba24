import fp from 'fastify-plugin';
import type { Config } from '../config';
import { backfillEventCards } from '../services/events';
import { closeIdleDecoders } from '../infra/media/decoder-pool';
import { mediaJobsSchema } from '../infra/job-client';
import type { MediaJobDeps } from '../services/media/media-job';
import { MediaWorker, type MediaQueue } from '../services/media/media-queue';
import { PgBossMediaQueue } from '../services/media/media-queue-pg';
import { announcePhotoUpdate } from '../services/realtime/photo-update';
import { pendingPhotoIds, photosNeedingRenditions, videosNeedingPlayback } from '../repositories/photos';
import { messagesAwaitingAudio } from '../repositories/messages';

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
    const announce = (photoId: string) => announcePhotoUpdate(app.db, app.realtime, photoId);
    const deps: MediaJobDeps = { db: app.db, storage: app.storage, temp: app.temp, media: config.media, guestbook: config.guestbook, log: app.log, announce, exiftool: app.exiftool };
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
  { name: 'media-worker', dependencies: ['db', 'storage', 'realtime', 'exiftool'] },
);

/** pg-boss keeps its tables in a schema of its own, next to the app's: `<DATABASE_SCHEMA>_jobs`, or `momentos_jobs`. */
