import fp from 'fastify-plugin';
import type { Config } from '../config';
import { sweepChunkSessions } from '../services/chunk-session';

/** Abandoned chunk sessions expire: at start, then periodically (every half TTL, at most every 10 minutes). */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const ttlMs = config.uploads.chunkSessionTtlMs;
    const sweep = async () => {
      const expired = await sweepChunkSessions({ db: app.db, chunks: app.staging.chunks }, ttlMs);
      if (expired > 0) app.log.info({ expired }, 'expired chunk sessions');
    };
    const timer = setInterval(() => {
      sweep().catch((error: unknown) => app.log.error({ err: error }, 'chunk session sweep failed'));
    }, Math.min(ttlMs / 2, 10 * 60 * 1000));
    timer.unref();
    app.addHook('onReady', sweep);
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'chunk-sessions', dependencies: ['db', 'storage'] },
);
