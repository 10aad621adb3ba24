import { type AlbumSocketQuery, endpoints } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { HttpError } from '../errors';
import { pinAttemptOf } from '../http/event-pin';
import type { HubSocket, Subscriber } from '../services/realtime/hub';
import { organiserOfToken } from '../services/organiser-session';
import { albumSubscriptionAccess, redeemSocketTicket, type SocketAccess } from '../services/socket-ticket';

/** Issue 16: the largest message a client may send on an album socket. */
export const MAX_MESSAGE_BYTES = 16 * 1024;
export const notASocketMessage = 'Este endereço aceita apenas conexões websocket.';
export const tooManySocketsMessage = 'Muitas conexões abertas a partir deste endereço. Feche algumas abas da galeria e tente novamente.';

/** A token in the `authentication` header (clients other than browsers); browsers use a ticket. */
function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authentication;
  const value = Array.isArray(header) ? header[0] : header;
  return value ? value.replace(/^Bearer\s+/i, '') : null;
}

/**
 * `/ws/albums/{albumId}`: a socket subscribed to an album's (or an event's) announcements
 * (services/realtime/hub.ts). Registered by plugins/realtime.ts once @fastify/websocket runs.
 */
const albumSocketRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const hub = app.realtime;
  /** Open sockets per client address: WS_MAX_PER_IP bounds what one client can hold open. */
  const socketsByIp = new Map<string, number>();

  /**
   * Who may subscribe (services/socket-ticket.ts). Issue 23: a socket that needs the organiser's token,
   * the PIN or the wall token opens with a single-use ticket (`?ticket=`) issued against them by
   * `POST /api/ws-ticket`; none of them ever travels in a socket's URL.
   */
  async function authorise(request: FastifyRequest, albumId: string, query: AlbumSocketQuery): Promise<SocketAccess> {
    if (query.ticket) return redeemSocketTicket(app.db, query.ticket, albumId);
    const token = tokenOf(request);
    // Issue 23 item 2: the token's session must still stand.
    const organiserId = token ? ((await organiserOfToken(app.db, app.jwtSecret, token))?.id ?? null) : null;
    return albumSubscriptionAccess(app.db, pinAttemptOf(request), albumId, organiserId);
  }

  /** What `authorise` decided before the upgrade, for the socket handler. */
  const access = new WeakMap<FastifyRequest, SocketAccess>();

  app.route({
    ...route(endpoints.albumSocket),
    websocket: true,
    // Refused before the upgrade: unknown or private albums answer 404 JSON like the HTTP routes.
    preValidation: async (request) => {
      // Issue 23: a plain HTTP request to the socket's address is told so, in the API's error shape.
      if (!request.ws) throw new HttpError(426, notASocketMessage);
      if ((socketsByIp.get(request.ip) ?? 0) >= config.realtime.maxSocketsPerIp) throw new HttpError(429, tooManySocketsMessage);
      access.set(request, await authorise(request, request.params.albumId, request.query));
    },
    handler: (socket: HubSocket, request) => {
      const decided = access.get(request) ?? { isOwner: false, eventId: '', organiserId: null, wall: false, pin: null };
      const subscriber: Subscriber = { socket, alive: true, ...decided };
      const unsubscribe = hub.add(request.params.albumId, subscriber);
      const ip = request.ip;
      socketsByIp.set(ip, (socketsByIp.get(ip) ?? 0) + 1);
      let removed = false;
      const remove = () => {
        if (removed) return;
        removed = true;
        unsubscribe();
        const left = (socketsByIp.get(ip) ?? 1) - 1;
        if (left > 0) socketsByIp.set(ip, left);
        else socketsByIp.delete(ip);
      };
      socket.on('pong', () => {
        subscriber.alive = true;
      });
      socket.on('message', (data, isBinary) => {
        subscriber.alive = true;
        if (isBinary) return;
        // Clients announce their own uploads (spec §7 'new_photos'): accepted, never relayed. The
        // server announces what it really stored. An application-level ping gets a pong.
        let message: unknown;
        try {
          message = JSON.parse(data.toString());
        } catch {
          return;
        }
        if (message && typeof message === 'object' && (message as { type?: unknown }).type === 'ping') {
          socket.send(JSON.stringify({ type: 'pong' }));
        }
      });
      socket.on('close', remove);
      socket.on('error', remove);
    },
  });
};

export default albumSocketRoutes;
