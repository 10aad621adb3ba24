import fp from 'fastify-plugin';
import type { Config } from '../config';
import { messages } from '../errors';
import { interruptRequest } from './interrupt';

/**
 * A request whose body stops moving for BODY_IDLE_TIMEOUT is answered 408 and its connection closed,
 * so the route's stream fails and removes its partial file: the clock is the socket's inactivity
 * timer, restarted by every byte that arrives. Issue 23: a body that keeps trickling (a byte every
 * few seconds) is cut the same way when it brings less than BODY_MIN_RATE bytes per second over a
 * window of BODY_MIN_RATE_WINDOW (counted from the bytes the socket read).
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const idleMs = config.guards.bodyIdleTimeoutMs;
    const { bodyMinRate, bodyMinRateWindowMs } = config.guards;
    const minPerWindow = (bodyMinRate * bodyMinRateWindowMs) / 1000;

    app.addHook('onRequest', async (request, reply) => {
      const raw = request.raw;
      const socket = raw.socket;
      if (raw.complete || !socket) return;
      // Node emits 'timeout' on the request (instead of destroying the socket) while its body is incomplete.
      const onIdle = () => {
        const upload = /^multipart\//i.test(request.headers['content-type'] ?? '');
        interruptRequest(request, reply, 408, upload ? messages.uploadAborted : messages.requestIdle);
      };
      let lastRead = socket.bytesRead;
      const rate =
        minPerWindow > 0
          ? setInterval(() => {
              const read = socket.bytesRead - lastRead;
              lastRead = socket.bytesRead;
              if (raw.complete || read >= minPerWindow) return;
              stop();
              const upload = /^multipart\//i.test(request.headers['content-type'] ?? '');
              interruptRequest(request, reply, 408, upload ? messages.uploadTooSlow : messages.requestTooSlow);
            }, bodyMinRateWindowMs)
          : null;
      rate?.unref();
      const stop = () => {
        raw.off('timeout', onIdle);
        if (rate) clearInterval(rate);
      };
      raw.on('timeout', onIdle);
      raw.once('end', () => {
        stop();
        // Back to the server's own setting, unless the answer went out first and Node set keep-alive's.
        if (!socket.destroyed && !reply.raw.writableFinished) socket.setTimeout(app.server.timeout);
      });
      reply.raw.once('close', stop);
      socket.setTimeout(idleMs);
    });
  },
  { name: 'body-idle-timeout' },
);
