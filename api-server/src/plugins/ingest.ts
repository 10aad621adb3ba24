import fp from 'fastify-plugin';
import type { IngestDeps } from '../services/ingest';
import type { Config } from '../config';
import { assertVideoLengths } from '../services/video-limit';

declare module 'fastify' {
  interface FastifyInstance {
    /** What storing uploads needs: the database, the storage, realtime and the media queue. */
    ingest: IngestDeps;
  }
}

/** Wires the ingest rules to this app's parts, so the upload routes (one request or chunked) share them. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('ingest', {
      db: app.db,
      storage: app.storage,
      warn: (details, message) => app.log.warn(details, message),
      announce: (album, rows) => void app.realtime.announce(album, rows).catch((error: unknown) => app.log.warn({ err: error }, 'could not announce new photos')),
      stored: (album, rows) => app.webhooks.photosCreated(album.event_id, rows),
      // A photo that could not be queued stays processing and is queued again at the next start.
      enqueue: (photoIds) => app.media.enqueue(photoIds).catch((error: unknown) => app.log.error({ err: error }, 'could not queue media jobs')),
      // Issue 27 item 5: photos waiting for approval alert the organisers who asked for it.
      photosPending: (eventId) => app.alerts.photosPending(eventId),
      checkVideos: (album, files) =>
        assertVideoLengths({ db: app.db, ffprobe: config.media.video.ffprobePath, defaultMaxSeconds: config.media.video.maxSeconds }, album, files),
    } satisfies IngestDeps);
  },
  { name: 'ingest', dependencies: ['db', 'storage', 'realtime', 'media-worker', 'alerts', 'webhooks'] },
);
