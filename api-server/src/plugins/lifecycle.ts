import { HealthDown, Ready } from '@momentos/api-contract';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Config } from '../config';
import { messages } from '../errors';

/** Seconds a client is told to wait before trying again (another instance, or this one restarted). */
export const RETRY_AFTER_SECONDS = 5;

/** The websocket close code for "going away": clients reconnect, to another instance if there is one. */
export const GOING_AWAY = 1001;

/** Liveness and readiness answer during a drain (the orchestrator asks them); everything else is refused. */
const PROBES = new Set(['/api/health', '/api/health/ready']);

export interface Lifecycle {
  /** Set by `shutdown`: new requests are refused and the readiness check answers 503. */
  readonly draining: boolean;
  /** Requests accepted and not yet answered (websockets excepted). */
  readonly inFlight: number;
  /**
   * SIGTERM: refuse new requests (503 with Retry-After), hand media jobs back (this process takes no
   * new one; their rows stay processing for another instance or the next start), close websockets with 1001, let the requests in flight finish
   * within SHUTDOWN_GRACE (then cut them), then close the app (the database last).
   * Resolves with the number of requests that were cut.
   */
  shutdown(): Promise<{ cut: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

interface ClosableSocket {
  close(code: number, reason: string): void;
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    let draining = false;
    let inFlight = 0;
    let settled: (() => void) | null = null;

    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0];
      if (draining && !PROBES.has(path)) {
        // No `Connection: close`: Node then reads the rest of the body before closing, so a client still
        // sending (a browser's fetch) gets this answer instead of a broken pipe. The grace bounds it.
        return reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .type('application/json; charset=utf-8')
          .send({ status: 503, message: messages.shuttingDown });
      }
      // A websocket stays open for as long as the page does: it is closed, not waited for.
      if (request.headers.upgrade?.toLowerCase() === 'websocket') return;
      inFlight++;
      reply.raw.once('close', () => {
        inFlight--;
        if (inFlight === 0) settled?.();
      });
    });

    app.get(
      '/api/health/ready',
      { schema: { response: { 200: Ready, 503: HealthDown } } },
      async (request, reply) => {
        if (draining) return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ status: 503, message: messages.shuttingDown });
        try {
          await sql`select 1`.execute(app.db);
        } catch (error) {
          request.log.error({ err: error }, 'readiness: database check failed');
          return reply.status(503).send({ status: 503, message: 'Banco de dados indisponível.' });
        }
        return { status: 'ready' as const };
      },
    );

    async function shutdown(): Promise<{ cut: number }> {
      draining = true;
      // Media jobs are handed back: no new one starts here; those queued (uploads finishing during the
      // drain included) stay processing for another instance or the next start. The one running
      // finishes, or is cut short at close where it can be (ffmpeg, HEIC decoding).
      const mediaPaused = app.media.pause().catch((error: unknown) => app.log.warn({ err: error }, 'could not pause the media queue'));
      const sockets = (app as unknown as { websocketServer?: { clients: Set<ClosableSocket> } }).websocketServer?.clients ?? new Set();
      for (const socket of sockets) socket.close(GOING_AWAY, messages.shuttingDown);

      const deadline = Date.now() + config.guards.shutdownGraceMs;
      // The readiness probe's own request is in flight too, for a moment.
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, config.guards.shutdownGraceMs);
          settled = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      const cut = inFlight;
      if (cut > 0) {
        app.log.warn({ cut, graceMs: config.guards.shutdownGraceMs }, 'shutdown grace over: cutting the requests still in flight');
        app.server.closeAllConnections();
      }
      await mediaPaused;
      // Connections still busy (a refused body being read to its end) get what is left of the grace.
      const lastCall = setTimeout(() => app.server.closeAllConnections(), Math.max(0, deadline - Date.now()));
      try {
        await app.close();
      } finally {
        clearTimeout(lastCall);
      }
      return { cut };
    }

    app.decorate('lifecycle', {
      get draining() {
        return draining;
      },
      get inFlight() {
        return inFlight;
      },
      shutdown,
    });
  },
  // Registered first, so a refused request starts nothing else; the database is read only per request.
  { name: 'lifecycle' },
);
