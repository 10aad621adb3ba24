import fp from 'fastify-plugin';
import { messages } from '../errors';

/**
 * A websocket handshake is answered only by the websocket routes. @fastify/websocket would upgrade a
 * handshake on any other route (the shell's catch-all included) and close it at once; a path that
 * misses `/ws/albums/:albumId` (a trick in the id) is refused with a plain 404 instead, before the upgrade.
 */
export default fp(
  async (app) => {
    const websocketRoutes = new Set<string>();
    app.addHook('onRoute', (route) => {
      if ((route as { websocket?: boolean }).websocket) websocketRoutes.add(route.url);
    });
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers.upgrade?.toLowerCase() !== 'websocket') return;
      if (request.routeOptions.url !== undefined && websocketRoutes.has(request.routeOptions.url)) return;
      // The handshake's socket belongs to no HTTP exchange any more (Node handed it over for the
      // upgrade): once the answer is written, it is ended here or it would stay open for good.
      const socket = request.raw.socket;
      reply.raw.once('finish', () => socket.end(() => socket.destroy()));
      return reply.code(404).type('application/json; charset=utf-8').send({ status: 404, message: messages.routeNotFound });
    });
  },
  { name: 'upgrade-guard' },
);
