import fp from 'fastify-plugin';
import type { Config } from '../config';
import { messages } from '../errors';
import { interruptRequest } from './interrupt';

/**
 * A request whose body stops moving for BODY_IDLE_TIMEOUT is answered 408 and its connection closed,
 * so the route's stream fails and removes its partial file. A slow body that keeps moving is never
 * cut: the clock is the socket's inactivity timer, restarted by every byte that arrives.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const idleMs = config.guards.bodyIdleTimeoutMs;

    app.addHook('onRequest', async (request, reply) => {
      const raw = request.raw;
      const socket = raw.socket;
      if (raw.complete || !socket) return;
      // Node emits 'timeout' on the request (instead of destroying the socket) while its body is incomplete.
      const onIdle = () => {
        const upload = /^multipart\//i.test(request.headers['content-type'] ?? '');
        interruptRequest(request, reply, 408, upload ? messages.uploadAborted : messages.requestIdle);
      };
      const stop = () => raw.off('timeout', onIdle);
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
