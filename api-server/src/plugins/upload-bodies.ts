import fp from 'fastify-plugin';
import type { Config } from '../config';
import { interruptRequest } from './interrupt';

export const tooManyBodiesMessage = 'Há envios demais ao mesmo tempo a partir deste endereço. Aguarde os envios em andamento: o envio continua sozinho.';

/**
 * UPLOAD_BODIES_PER_IP (issue 23): request bodies of the upload routes (those counted by
 * UPLOAD_RATE_LIMIT) one client address may be sending at once, in this instance. One more is
 * answered 429 before any of its body is read, and its connection closed. A body counts from its
 * request's arrival until its answer is out or its connection closes.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const max = config.uploads.bodiesPerIp;
    const inFlight = new Map<string, number>();

    app.addHook('onRoute', (route) => {
      if (!route.config?.uploadRateLimited) return;
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [
        async (request, reply) => {
          if (request.raw.complete) return;
          const ip = request.ip;
          const count = inFlight.get(ip) ?? 0;
          if (count >= max) {
            interruptRequest(request, reply, 429, tooManyBodiesMessage, { 'retry-after': '5' });
            return reply;
          }
          inFlight.set(ip, count + 1);
          reply.raw.once('close', () => {
            const left = (inFlight.get(ip) ?? 1) - 1;
            if (left <= 0) inFlight.delete(ip);
            else inFlight.set(ip, left);
          });
        },
        ...existing,
      ];
    });
  },
  { name: 'upload-bodies' },
);
