import fastifyWebsocket from '@fastify/websocket';
import {
  AlbumParams,
  AlbumSocketQuery,
  type MessageItem,
  type MessagesRemovedMessage,
  type NewMessagesMessage,
  type NewPhotosMessage,
  type PhotoItem,
  type PhotosRemovedMessage,
  type ReactionsMessage,
} from '@momentos/api-contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { findReadableAlbum } from '../domain/albums';
import { isEventId } from '../domain/ids';
import { verifyToken } from '../domain/token';
import { HttpError, messages, notFound } from '../errors';
import { assertGalleryOpen } from '../domain/visibility';
import { assertEventPin } from '../domain/event-pin';
import { presentPhoto } from '../http/present';
import { findEventOwner, findEventRules, findEventRulesOfAlbum } from '../repositories/events';
import { photosByIds } from '../repositories/photos';
import { listMessages } from '../repositories/messages';
import { messagesForAudiences } from '../domain/guestbook/messages';
import { startPostgresBus, type Announcement } from './realtime-bus';

/** The part of a `ws` socket the hub uses (ws ships no types here). */
export interface HubSocket {
  readonly readyState: number;
  readonly OPEN: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  ping(): void;
  terminate(): void;
  on(event: 'pong' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): unknown;
}

interface Subscriber {
  socket: HubSocket;
  alive: boolean;
  /** The organiser owning the album (or event) subscribed to. */
  isOwner: boolean;
}

/** What the hub needs of an album to address its subscribers. */
export interface AlbumAudience {
  id: string;
  event_id: string;
  is_public: number | boolean;
}

/** Sockets whose send buffer exceeds this are too slow to keep up: dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * Album-keyed hub. Subscribers of `/ws/albums/{albumId}` receive `new_photos` when the server stores
 * an upload and `photos_removed` when photos leave the album. Subscribers of an event id receive announcements of the event's public albums (and all
 * of them when they own it). Messages from clients are read and never relayed.
 */
export class RealtimeHub {
  private readonly channels = new Map<string, Set<Subscriber>>();

  /** Tells the other server instances (set when a bus runs: PostgreSQL LISTEN/NOTIFY). */
  publish: ((announcement: Announcement) => void) | null = null;

  add(channel: string, subscriber: Subscriber): () => void {
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.channels.get(channel) === set) this.channels.delete(channel);
    };
  }

  subscriberCount(channel?: string): number {
    if (channel) return this.channels.get(channel)?.size ?? 0;
    let count = 0;
    for (const set of this.channels.values()) count += set.size;
    return count;
  }

  /** Announces stored photos to this instance's subscribers and, through the bus, to the others'. */
  announce(album: AlbumAudience, photos: PhotoItem[]): void {
    if (photos.length === 0) return;
    this.deliver(album, photos);
    this.publish?.({ albumId: album.id, eventId: album.event_id, isPublic: Number(album.is_public) === 1, photoIds: photos.map((photo) => photo.id) });
  }

  /** Sends `new_photos` to the album's subscribers and to those of its event. */
  deliver(album: AlbumAudience, photos: PhotoItem[]): void {
    if (photos.length === 0) return;
    const message: NewPhotosMessage = { type: 'new_photos', payload: { albumId: album.id, photos } };
    this.sendToAlbum(album, JSON.stringify(message));
  }

  /** Announces that photos left the album (deleted or hidden), here and through the bus. */
  announceRemoved(album: AlbumAudience, ids: string[]): void {
    if (ids.length === 0) return;
    this.deliverRemoved(album, ids);
    this.publish?.({ kind: 'photos_removed', albumId: album.id, eventId: album.event_id, isPublic: Number(album.is_public) === 1, photoIds: ids });
  }

  /** Sends `photos_removed` to the album's subscribers and to those of its event. */
  deliverRemoved(album: AlbumAudience, ids: string[]): void {
    if (ids.length === 0) return;
    const message: PhotosRemovedMessage = { type: 'photos_removed', payload: { albumId: album.id, ids } };
    this.sendToAlbum(album, JSON.stringify(message));
  }

  /**
   * Issue 26: messages of the guestbook that guests may now read (`forGuests`, the guests' shape) and
   * what the owner sees of them (every new or changed message, hidden and pending marked), to the
   * event's subscribers; here and through the bus (ids only).
   */
  announceMessages(eventId: string, forGuests: MessageItem[], forOwners: MessageItem[]): void {
    if (forGuests.length === 0 && forOwners.length === 0) return;
    this.deliverMessages(eventId, forGuests, forOwners);
    this.publish?.({ kind: 'new_messages', albumId: eventId, eventId, isPublic: true, photoIds: forOwners.map((message) => message.id) });
  }

  deliverMessages(eventId: string, forGuests: MessageItem[], forOwners: MessageItem[]): void {
    const guests: NewMessagesMessage = { type: 'new_messages', payload: { eventId, messages: forGuests } };
    const owners: NewMessagesMessage = { type: 'new_messages', payload: { eventId, messages: forOwners } };
    if (forGuests.length > 0) this.send(eventId, JSON.stringify(guests), (subscriber) => !subscriber.isOwner);
    if (forOwners.length > 0) this.send(eventId, JSON.stringify(owners), (subscriber) => subscriber.isOwner);
  }

  /** Issue 26: messages that left the guests' view (hidden or deleted): ids only, to every subscriber of the event. */
  announceMessagesRemoved(eventId: string, ids: string[]): void {
    if (ids.length === 0) return;
    this.deliverMessagesRemoved(eventId, ids);
    this.publish?.({ kind: 'messages_removed', albumId: eventId, eventId, isPublic: true, photoIds: ids });
  }

  deliverMessagesRemoved(eventId: string, ids: string[]): void {
    const message: MessagesRemovedMessage = { type: 'messages_removed', payload: { eventId, ids } };
    this.send(eventId, JSON.stringify(message), () => true);
  }

  /** Issue 26: a photo's heart count, to those who may see the photo (its album's and its event's audiences). */
  announceReactions(album: AlbumAudience, photoId: string, hearts: number): void {
    this.deliverReactions(album, photoId, hearts);
    this.publish?.({ kind: 'reactions', albumId: album.id, eventId: album.event_id, isPublic: Number(album.is_public) === 1, photoIds: [photoId], hearts });
  }

  deliverReactions(album: AlbumAudience, photoId: string, hearts: number): void {
    const message: ReactionsMessage = { type: 'reactions', payload: { albumId: album.id, photoId, hearts } };
    this.sendToAlbum(album, JSON.stringify(message));
  }

  /** The album's own subscribers, and its event's: all of them for a public album, owners otherwise. */
  private sendToAlbum(album: AlbumAudience, text: string): void {
    this.send(album.id, text, () => true);
    const isPublic = Number(album.is_public) === 1;
    this.send(album.event_id, text, (subscriber) => isPublic || subscriber.isOwner);
  }

  private send(channel: string, text: string, allowed: (subscriber: Subscriber) => boolean): void {
    const set = this.channels.get(channel);
    if (!set) return;
    for (const subscriber of set) {
      const { socket } = subscriber;
      if (socket.readyState !== socket.OPEN || !allowed(subscriber)) continue;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.terminate();
        continue;
      }
      socket.send(text);
    }
  }

  /** One heartbeat round: drops sockets that missed the previous ping, pings the others. */
  heartbeat(): void {
    for (const set of this.channels.values()) {
      for (const subscriber of set) {
        if (!subscriber.alive) {
          subscriber.socket.terminate();
          continue;
        }
        subscriber.alive = false;
        subscriber.socket.ping();
      }
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

function tokenOf(request: FastifyRequest, query: AlbumSocketQuery): string | null {
  const fromQuery = query.token;
  if (fromQuery) return fromQuery;
  const header = request.headers.authentication;
  const value = Array.isArray(header) ? header[0] : header;
  return value ? value.replace(/^Bearer\s+/i, '') : null;
}

/** Issue 16: the largest message a client may send on an album socket. */
export const MAX_MESSAGE_BYTES = 16 * 1024;
export const tooManySocketsMessage = 'Muitas conexões abertas a partir deste endereço. Feche algumas abas da galeria e tente novamente.';

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const hub = new RealtimeHub();
    app.decorate('realtime', hub);
    // A message above 16 KB closes its socket (1009): clients only ever send a ping (issue 16).
    await app.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
    /** Open sockets per client address: WS_MAX_PER_IP bounds what one client can hold open. */
    const socketsByIp = new Map<string, number>();

    if (config.databaseUrl) {
      // Several instances behind a load balancer: each delivers what the others stored.
      const bus = await startPostgresBus({
        url: config.databaseUrl,
        schema: config.databaseSchema,
        log: app.log,
        onRemote: async (announcement) => {
          if (hub.subscriberCount(announcement.albumId) + hub.subscriberCount(announcement.eventId) === 0) return;
          const album = { id: announcement.albumId, event_id: announcement.eventId, is_public: announcement.isPublic };
          if (announcement.kind === 'photos_removed') {
            hub.deliverRemoved(album, announcement.photoIds);
            return;
          }
          if (announcement.kind === 'messages_removed') {
            hub.deliverMessagesRemoved(announcement.eventId, announcement.photoIds);
            return;
          }
          if (announcement.kind === 'reactions') {
            hub.deliverReactions(album, announcement.photoIds[0], announcement.hearts ?? 0);
            return;
          }
          if (announcement.kind === 'new_messages') {
            const rows = await listMessages(app.db, announcement.eventId, 'owner', announcement.photoIds);
            const { forGuests, forOwners } = messagesForAudiences(rows, app.jwtSecret);
            hub.deliverMessages(announcement.eventId, forGuests, forOwners);
            return;
          }
          const rows = await photosByIds(app.db, [announcement.albumId], announcement.photoIds);
          hub.deliver(album, rows.map(presentPhoto));
        },
      });
      hub.publish = (announcement) => {
        bus.publish(announcement).catch((error: unknown) => app.log.warn({ err: error }, 'could not tell the other instances'));
      };
      app.addHook('onClose', async () => bus.close());
    }

    const timer = setInterval(() => hub.heartbeat(), config.realtime.heartbeatMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    /** Who may subscribe: anyone to a public album (or an event), the owner (token in `?token=`) to any of theirs. */
    async function authorise(request: FastifyRequest, albumId: string, query: AlbumSocketQuery): Promise<{ isOwner: boolean }> {
      const token = tokenOf(request, query);
      const claims = token ? verifyToken(token, app.jwtSecret) : null;
      const organiserId = claims?.sub ?? null;
      let isOwner: boolean;
      if (isEventId(albumId)) {
        const event = await findEventOwner(app.db, albumId);
        if (!event) throw notFound(messages.eventNotFound);
        isOwner = event.organiser_id === organiserId;
      } else {
        const album = await findReadableAlbum(app.db, albumId, organiserId);
        if (!album) throw notFound(messages.albumNotFound);
        isOwner = album.organiser_id === organiserId;
      }
      // A gallery closed to guests (issue 12) announces nothing to them either.
      if (!isOwner) {
        const rules = isEventId(albumId) ? await findEventRules(app.db, albumId) : await findEventRulesOfAlbum(app.db, albumId);
        if (rules) {
          await assertEventPin(app.db, request, rules.id, organiserId);
          assertGalleryOpen(rules);
        }
      }
      return { isOwner };
    }

    /** What `authorise` decided before the upgrade, for the socket handler. */
    const access = new WeakMap<FastifyRequest, { isOwner: boolean }>();

    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/ws/albums/:albumId',
      {
        websocket: true,
        schema: { params: AlbumParams, querystring: AlbumSocketQuery },
        // Refused before the upgrade: unknown or private albums answer 404 JSON like the HTTP routes.
        preValidation: async (request) => {
          if ((socketsByIp.get(request.ip) ?? 0) >= config.realtime.maxSocketsPerIp) throw new HttpError(429, tooManySocketsMessage);
          access.set(request, await authorise(request, request.params.albumId, request.query));
        },
      },
      (socket: HubSocket, request) => {
        const subscriber: Subscriber = { socket, alive: true, isOwner: access.get(request)?.isOwner ?? false };
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
    );
  },
  { name: 'realtime', dependencies: ['db', 'auth'] },
);
