import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { PhotoRow } from '../db/schema';
import { signedFileUrls } from '../domain/file-access';
import { recordDelivery, type WebhookEventType } from '../services/webhooks/delivery';
import { InProcessWebhookQueue, PgBossWebhookQueue, type WebhookQueue } from '../services/webhooks/queue';
import { presentOwnedPhoto } from '../http/present';
import { findEventOwner } from '../repositories/events';
import { mediaJobsSchema } from '../infra/job-client';

/**
 * Issue 27 item 6: what the rest of the app tells the event's webhook. Each call records a delivery (when
 * the event has a webhook) and queues its first attempt; it never fails the caller (a failure is logged).
 */
export interface WebhookEvents {
  /** Photos and videos just stored (pending ones too: the owner sees them), as the owner's API shows them. */
  photosCreated(eventId: string, photos: PhotoRow[]): void;
  /** Photos and videos removed (by the team or by the guest who sent them), as they were. */
  photosRemoved(eventId: string, photos: PhotoRow[]): void;
  /**
   * The guestbook's hook point (issue 27 item 6; the guestbook lands from another branch): call with the
   * message as the owner's API presents it, once it is stored.
   */
  messageCreated(eventId: string, message: unknown): void;
  /** The queue (tests wait on it; PostgreSQL's shared queue has no local idle). */
  readonly queue: WebhookQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookEvents;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const deps = { db: app.db, settings: config.webhooks, log: app.log };
    const queue: WebhookQueue =
      app.dbDialect === 'postgres'
        ? await PgBossWebhookQueue.start(deps, { url: config.databaseUrl!, schema: mediaJobsSchema(config.databaseSchema), pollSeconds: Math.min(2, config.media.jobs.pollSeconds) })
        : new InProcessWebhookQueue(deps);

    const send = (eventId: string, type: WebhookEventType, items: (ownerId: string) => unknown[]) => {
      void (async () => {
        const event = await findEventOwner(app.db, eventId);
        if (!event) return;
        for (const item of items(event.organiser_id)) {
          const deliveryId = await recordDelivery(app.db, eventId, type, item);
          if (!deliveryId) return;
          await queue.schedule(deliveryId, 0);
        }
      })().catch((error: unknown) => app.log.warn({ err: error, eventId, type }, 'could not queue a webhook delivery'));
    };
    // File URLs signed for the event's owner, as the owner's photo list has them (relative to the public URL).
    const owned = (photos: PhotoRow[]) => (ownerId: string) => photos.map((row) => presentOwnedPhoto(row, signedFileUrls({ scope: 'o', organiserId: ownerId }, app.jwtSecret)));

    app.decorate('webhooks', {
      photosCreated: (eventId, photos) => photos.length > 0 && send(eventId, 'photo.created', owned(photos)),
      photosRemoved: (eventId, photos) => photos.length > 0 && send(eventId, 'photo.removed', owned(photos)),
      messageCreated: (eventId, message) => send(eventId, 'message.created', () => [message]),
      queue,
    } satisfies WebhookEvents);

    app.addHook('onReady', () => queue.resume());
    app.addHook('preClose', () => queue.stop());
  },
  { name: 'webhooks', dependencies: ['db'] },
);
