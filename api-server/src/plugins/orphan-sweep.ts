import fp from 'fastify-plugin';
import type { Config } from '../config';
import { sweepOrphans } from '../services/orphans';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 23: the orphan sweep; `started` settles once the sweep begun at start is done. */
    orphans: { started: Promise<void>; sweep: (cutoff: Date) => Promise<string[]> };
  }
}

const HOUR_MS = 3600_000;

/**
 * Issue 23, item 9: files no row points at (a request killed between its file and its row) are
 * removed at start and every hour (domain/orphans.ts). Hourly, those older than ORPHAN_GRACE (a
 * younger one may belong to a request in flight on some instance). At start with SQLite, which is one
 * instance, every such file written before this process started: nothing of it can be in flight. At
 * start with PostgreSQL, ORPHAN_GRACE as well (another instance may be mid-request). The start sweep
 * runs beside the server, not before it: a large bucket takes a while to list.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const bootedAt = new Date();
    const graceMs = config.guards.orphanGraceMs;
    // A sweep under way when the server closes stops at the next file.
    const closing = new AbortController();
    const sweep = async (cutoff: Date) => {
      const result = await sweepOrphans({ db: app.db, storage: app.storage }, cutoff, closing.signal);
      if (result.removed.length > 0) app.log.warn({ removed: result.removed.length, keys: result.removed.slice(0, 20) }, 'removed unreferenced stored files');
      return result.removed;
    };
    const logged = (cutoff: () => Date) => () =>
      sweep(cutoff()).then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, 'orphan sweep failed'),
      );
    let started: Promise<void> = Promise.resolve();
    const sweepHourly = logged(() => new Date(Date.now() - graceMs));
    const hourly = setInterval(() => void sweepHourly(), HOUR_MS);
    hourly.unref();
    app.decorate('orphans', {
      get started() {
        return started;
      },
      sweep,
    });
    app.addHook('onReady', async () => {
      started = logged(() => (config.databaseUrl ? new Date(Date.now() - graceMs) : bootedAt))();
    });
    // preClose: before any plugin's onClose closes the database or the storage under the sweep.
    app.addHook('preClose', async () => {
      clearInterval(hourly);
      closing.abort();
      await started;
    });
  },
  { name: 'orphan-sweep', dependencies: ['db', 'storage'] },
);
