import fp from 'fastify-plugin';
import { backfillContentHashes } from '../services/content-backfill';

/**
 * At start, photos stored before content hashes existed get theirs, in the background: the server
 * answers meanwhile (those photos just take no part in dedupe until hashed).
 */
export default fp(
  async (app) => {
    let closing = false;
    let running: Promise<void> | null = null;
    app.addHook('onReady', async () => {
      running = backfillContentHashes({
        db: app.db,
        storage: app.storage,
        warn: (details, message) => app.log.warn(details, message),
        stopped: () => closing,
      })
        .then((hashed) => {
          if (hashed > 0) app.log.info({ hashed }, 'content hashes backfilled');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'content hash backfill failed'));
    });
    app.addHook('onClose', async () => {
      closing = true;
      await running;
    });
  },
  { name: 'content-backfill', dependencies: ['db', 'storage'] },
);
