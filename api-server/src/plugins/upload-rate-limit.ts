import { createHash } from 'node:crypto';
import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { HttpError } from '../errors';
import { countRequest, deleteClosedRequestWindows } from '../repositories/request-counts';

const WINDOW_MS = 60_000;

export const rateLimitedMessage = 'Muitos envios deste aparelho em pouco tempo. Aguarde um minuto: o envio continua sozinho.';

/**
 * UPLOAD_RATE_LIMIT (issue 16): anonymous upload and chunk-session requests per client address per
 * minute, with @fastify/rate-limit. Its store counts in the database (one row per client, as failed
 * logins are), so every instance of a multi-instance deployment enforces the same budget; and one
 * store for every upload route, so the budget is the client's, not each route's. The address is the
 * client's as TRUST_PROXY lets Fastify see it. 0 turns the limit off.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const max = config.uploads.rateLimitPerMinute;
    const db = app.db;
    const sweep = setInterval(() => void deleteClosedRequestWindows(db, Date.now()).catch(() => undefined), 5 * 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));

    class DatabaseStore implements FastifyRateLimitStore {
      incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
        const now = Date.now();
        countRequest(db, key, now, WINDOW_MS).then(
          ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - now) }),
          (error: unknown) => callback(error as Error),
        );
      }

      child(): FastifyRateLimitStore {
        return this;
      }
    }

    await app.register(fastifyRateLimit, {
      global: false,
      store: DatabaseStore,
      // A database hiccup never refuses an upload: the guest's photo matters more than the count.
      skipOnError: true,
      keyGenerator: (request) => createHash('sha256').update(`uploads:${request.ip}`).digest('hex'),
      errorResponseBuilder: () => new HttpError(429, rateLimitedMessage),
    });

    if (max <= 0) return;
    const limit = app.rateLimit({ max, timeWindow: WINDOW_MS });
    app.addHook('onRoute', (route) => {
      if (!route.config?.uploadRateLimited) return;
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [limit, ...existing];
    });
  },
  { name: 'upload-rate-limit', dependencies: ['db'] },
);
