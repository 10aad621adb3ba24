import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { signedFileUrls } from '../domain/file-access';
import { presentOwnedPhoto, presentPhoto } from '../http/present';
import { startPostgresBus } from '../infra/realtime-bus';
import albumSocketRoutes, { MAX_MESSAGE_BYTES } from '../routes/album-socket';
import { loadAudienceState } from '../services/realtime/audience';
import { RealtimeHub } from '../services/realtime/hub';
import { relayAnnouncement } from '../services/realtime/relay';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

/**
 * The live feed's wiring: the hub (services/realtime/hub.ts) decorated as `app.realtime`, the bus
 * between instances (infra/realtime-bus.ts, relayed by services/realtime/relay.ts), the heartbeat,
 * and the album socket's route (routes/album-socket.ts).
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const hub = new RealtimeHub({
      audienceState: (eventId) => loadAudienceState(app.db, eventId),
      urls: (grant) => signedFileUrls(grant, app.jwtSecret),
      present: { photo: presentPhoto, ownedPhoto: presentOwnedPhoto },
    });
    app.decorate('realtime', hub);
    // A message above 16 KB closes its socket (1009): clients only ever send a ping (issue 16).
    await app.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });

    if (config.databaseUrl) {
      // Several instances behind a load balancer: each delivers what the others stored.
      const bus = await startPostgresBus({
        url: config.databaseUrl,
        schema: config.databaseSchema,
        log: app.log,
        onRemote: (announcement) =>
          relayAnnouncement({ hub, db: app.db, jwtSecret: app.jwtSecret, invalidateFileAccess: () => app.fileAccess.invalidate() }, announcement),
      });
      hub.publish = (announcement) => {
        bus.publish(announcement).catch((error: unknown) => app.log.warn({ err: error }, 'could not tell the other instances'));
      };
      app.addHook('onClose', async () => bus.close());
    }

    const timer = setInterval(() => hub.heartbeat(), config.realtime.heartbeatMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    await app.register(albumSocketRoutes, { config });
  },
  { name: 'realtime', dependencies: ['db', 'auth', 'file-access'] },
);
