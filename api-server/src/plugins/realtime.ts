import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { signedFileUrls } from '../domain/file-access';
import { messages } from '../errors';
import { presentOwnedPhoto, presentPhoto } from '../http/present';
import { startPostgresBus } from '../infra/realtime-bus';
import { GOING_AWAY } from './lifecycle';
import albumSocketRoutes, { MAX_MESSAGE_BYTES } from '../routes/album-socket';
import { loadAudienceState } from '../services/realtime/audience';
import { RealtimeHub } from '../services/realtime/hub';
import { relayAnnouncement } from '../services/realtime/relay';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

/** How long a closing socket's peer gets to answer the closing handshake before its connection is cut. */
export const CLOSING_HANDSHAKE_MS = 2_000;

/**
 * The server closing (tests, SIGTERM after the drain): every socket is closed with 1001, and the app's
 * close waits for them. A peer that never answers the closing handshake (a phone that lost the network
 * or locked mid-gallery) would hold that close for ws's own 30 s, past the SIGTERM deadline: such a
 * connection is cut after CLOSING_HANDSHAKE_MS. Replaces @fastify/websocket's default, which waits.
 */
async function closeSockets(this: FastifyInstance): Promise<void> {
  const server = this.websocketServer;
  for (const socket of server.clients) socket.close(GOING_AWAY, messages.shuttingDown);
  const cut = setTimeout(() => {
    for (const socket of server.clients) socket.terminate();
  }, CLOSING_HANDSHAKE_MS);
  // Calls back once the last socket has closed (ws refuses new handshakes meanwhile).
  await new Promise<void>((resolve) => server.close(() => resolve()));
  clearTimeout(cut);
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
    await app.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES }, preClose: closeSockets });

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
