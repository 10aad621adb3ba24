import type { NewPhotosMessage, PhotosRemovedMessage, PhotosUpdatedMessage } from '@momentos/api-contract';
import { call } from '../http/api-result';
import { http } from '../http/http-client';

/** A realtime message (spec §3): a type and a payload. */
export interface RealtimeMessage<T extends string = string, P = unknown> {
  type: T;
  payload: P;
}

/** `new_photos`: photos were added to an album (sent by the server after an upload). */
export type { NewPhotosMessage, PhotosRemovedMessage, PhotosUpdatedMessage } from '@momentos/api-contract';

export type RealtimeListener = (message: RealtimeMessage) => void;

/** Spec §9: at most 5 reconnect attempts, 3 s apart. */
export const realtimeTimings = { maxReconnectAttempts: 5, reconnectDelayMs: 3000 } as const;

/** The part of the browser WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { wasClean: boolean; code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeOptions {
  /** Creates a socket for a URL (default: the browser's WebSocket). */
  createSocket?: (url: string) => SocketLike;
  /** The socket URL of an album (default: same origin as the API, `/ws/albums/{albumId}`, `?ticket=` when one is given). */
  urlFor?: (albumId: string, ticket?: string | null) => string;
  /**
   * The single-use ticket a socket opens with (issue 23), asked for before each (re)connection; null
   * when no secret is needed (default: `socketTicket`, from `POST /api/ws-ticket`).
   */
  ticketFor?: (albumId: string, token?: string | null) => string | null | Promise<string | null>;
  maxReconnectAttempts?: number;
  /** A fixed delay, or one per attempt (1, 2, …): the live wall backs off and never gives up. */
  reconnectDelayMs?: number | ((attempt: number) => number);
  logger?: Pick<Console, 'warn' | 'error'>;
}

export interface SubscribeOptions {
  /** The organiser's token, for private albums (sent to `POST /api/ws-ticket`, never in the socket's URL); guests leave it out. */
  token?: string | null;
  /** Called each time the socket opens; after a reconnect the subscriber catches up on what it missed. */
  onOpen?: () => void;
  /** Issue 24: called each time the socket closes without being asked to (live feeds poll until it opens again). */
  onClose?: () => void;
  /**
   * Issue 22: the server closed the socket because the album is no longer open to this guest (made
   * private, the gallery closed, a new PIN): code 4403 with the reason to show. No reconnect follows.
   */
  onRefused?: (reason: string) => void;
}

/** The close code the server uses when what a guest socket listens to is no longer open to it (issue 22). */
export const AUDIENCE_CLOSED_CODE = 4403;

const OPEN = 1;
/** Close code of a close we asked for: never followed by a reconnect. */
const NORMAL_CLOSURE = 1000;

/** `ws(s)://<API host>/ws/albums/{albumId}`, with `?ticket=` when one is given. */
export function albumSocketUrl(albumId: string, ticket?: string | null): string {
  const base = http.defaults.baseURL ?? '';
  const origin = /^https?:\/\//i.test(base) ? new URL(base) : new URL(window.location.href);
  const protocol = origin.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = ticket ? `?ticket=${encodeURIComponent(ticket)}` : '';
  return `${protocol}//${origin.host}/ws/albums/${encodeURIComponent(albumId)}${query}`;
}

/**
 * Issue 23: a socket never carries the organiser's token, the event's PIN or the wall link's token in
 * its URL (URLs end up in logs). When this page holds one of them (the axios instance's headers, or
 * `token`), the server is asked for a single-use ticket with them as headers; otherwise the socket
 * needs none (null, at once).
 */
export function socketTicket(albumId: string, token?: string | null): Promise<string | null> | null {
  const common = http.defaults.headers.common;
  const holdsSecret = Boolean(token) || ['authentication', 'x-event-pin', 'x-wall-token'].some((name) => typeof common[name] === 'string');
  if (!holdsSecret) return null;
  return call('POST /api/ws-ticket', { body: { album_id: albumId } }, { headers: token ? { authentication: token } : {} }).then((answer) => {
    if (!answer.ok) throw new Error(`ws-ticket ${answer.status}: ${answer.message}`);
    return answer.data.ticket;
  });
}

interface AlbumConnection {
  albumId: string;
  /** Each subscriber's `onOpen`, by its listener. */
  openHandlers: Map<RealtimeListener, () => void>;
  /** Each subscriber's `onRefused`, by its listener. */
  refusedHandlers: Map<RealtimeListener, (reason: string) => void>;
  /** Each subscriber's `onClose`, by its listener. */
  closeHandlers: Map<RealtimeListener, () => void>;
  token?: string | null;
  socket: SocketLike | null;
  listeners: Set<RealtimeListener>;
  reconnectAttempts: number;
  reconnectTimer: ReturnType<typeof setTimeout> | null;
  closing: boolean;
}

/**
 * The album websocket client (spec §4 Realtime): one socket per album whatever the number of
 * subscribers; on an unclean close it reconnects up to 5 times, 3 s apart (the count restarts once a
 * connection opens); sending while the socket is not open only logs a warning. Plain TypeScript: the
 * gallery and the guest remote share it (api-client is a page-wide singleton).
 */
export class AlbumRealtimeClient {
  private readonly connections = new Map<string, AlbumConnection>();
  private readonly createSocket: (url: string) => SocketLike;
  private readonly urlFor: (albumId: string, ticket?: string | null) => string;
  private readonly ticketFor: (albumId: string, token?: string | null) => string | null | Promise<string | null>;
  private readonly maxReconnectAttempts: number;
  private readonly reconnectDelayMs: number | ((attempt: number) => number);
  private readonly logger: Pick<Console, 'warn' | 'error'>;

  constructor(options: RealtimeOptions = {}) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.urlFor = options.urlFor ?? albumSocketUrl;
    this.ticketFor = options.ticketFor ?? socketTicket;
    this.maxReconnectAttempts = options.maxReconnectAttempts ?? realtimeTimings.maxReconnectAttempts;
    this.reconnectDelayMs = options.reconnectDelayMs ?? realtimeTimings.reconnectDelayMs;
    this.logger = options.logger ?? console;
  }

  /** Listens to an album's messages; opens its socket on the first subscriber. Returns the unsubscribe. */
  subscribe(albumId: string, listener: RealtimeListener, options: SubscribeOptions = {}): () => void {
    let connection = this.connections.get(albumId);
    if (!connection) {
      connection = {
        albumId,
        openHandlers: new Map(),
        refusedHandlers: new Map(),
        closeHandlers: new Map(),
        token: options.token,
        socket: null,
        listeners: new Set(),
        reconnectAttempts: 0,
        reconnectTimer: null,
        closing: false,
      };
      this.connections.set(albumId, connection);
      this.open(connection);
    }
    connection.listeners.add(listener);
    if (options.onRefused) connection.refusedHandlers.set(listener, options.onRefused);
    if (options.onClose) connection.closeHandlers.set(listener, options.onClose);
    if (options.onOpen) {
      connection.openHandlers.set(listener, options.onOpen);
      // Already open: this subscriber starts now.
      if (connection.socket?.readyState === OPEN) options.onOpen();
    }
    const subscribed = connection;
    return () => this.unsubscribe(subscribed, listener);
  }

  /** Sends a message on the album's socket; on a socket that is not open it only warns. */
  send(albumId: string, message: RealtimeMessage): boolean {
    const socket = this.connections.get(albumId)?.socket;
    if (!socket || socket.readyState !== OPEN) {
      this.logger.warn(`[realtime] socket of album ${albumId} is not open; message '${message.type}' not sent`);
      return false;
    }
    socket.send(JSON.stringify(message));
    return true;
  }

  /** Whether the album's socket is open (for diagnostics and tests). */
  isOpen(albumId: string): boolean {
    return this.connections.get(albumId)?.socket?.readyState === OPEN;
  }

  /** Closes every socket (page teardown, tests). */
  closeAll(): void {
    for (const connection of Array.from(this.connections.values())) this.shutdown(connection);
  }

  private unsubscribe(connection: AlbumConnection, listener: RealtimeListener): void {
    connection.listeners.delete(listener);
    connection.openHandlers.delete(listener);
    connection.refusedHandlers.delete(listener);
    connection.closeHandlers.delete(listener);
    if (connection.listeners.size === 0 && this.connections.get(connection.albumId) === connection) {
      this.shutdown(connection);
    }
  }

  private shutdown(connection: AlbumConnection): void {
    connection.closing = true;
    if (connection.reconnectTimer) clearTimeout(connection.reconnectTimer);
    connection.reconnectTimer = null;
    this.connections.delete(connection.albumId);
    const socket = connection.socket;
    connection.socket = null;
    if (socket) {
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
      socket.onopen = null;
      try {
        socket.close(NORMAL_CLOSURE);
      } catch {
        // already closed
      }
    }
  }

  /** Asks for the socket's ticket (when one is needed: a fresh one per connection), then connects. */
  private open(connection: AlbumConnection): void {
    let ticket: string | null | Promise<string | null>;
    try {
      ticket = this.ticketFor(connection.albumId, connection.token);
    } catch (error) {
      ticket = Promise.reject(error);
    }
    if (!(ticket instanceof Promise)) {
      this.connect(connection, ticket);
      return;
    }
    ticket.then(
      (value) => {
        if (!connection.closing) this.connect(connection, value);
      },
      (error: unknown) => {
        if (connection.closing) return;
        this.logger.error('[realtime] could not get a ticket for the album socket', error);
        this.scheduleReconnect(connection);
      },
    );
  }

  private connect(connection: AlbumConnection, ticket: string | null): void {
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.urlFor(connection.albumId, ticket));
    } catch (error) {
      this.logger.error('[realtime] could not open the album socket', error);
      this.scheduleReconnect(connection);
      return;
    }
    connection.socket = socket;
    socket.onopen = () => {
      connection.reconnectAttempts = 0;
      for (const handler of Array.from(connection.openHandlers.values())) handler();
    };
    socket.onmessage = (event) => {
      const message = parseMessage(event.data);
      if (!message) return;
      for (const listener of Array.from(connection.listeners)) {
        try {
          listener(message);
        } catch (error) {
          this.logger.error('[realtime] a listener failed', error);
        }
      }
    };
    socket.onerror = () => {
      // The close event that follows decides about reconnecting.
    };
    socket.onclose = (event) => {
      if (connection.socket === socket) connection.socket = null;
      if (connection.closing) return;
      for (const handler of Array.from(connection.closeHandlers.values())) handler();
      if (event.wasClean && event.code === NORMAL_CLOSURE) return;
      if (event.code === AUDIENCE_CLOSED_CODE) {
        // Not open to this guest any more: reconnecting would be refused too; the page says why.
        this.connections.delete(connection.albumId);
        connection.closing = true;
        for (const handler of Array.from(connection.refusedHandlers.values())) handler(event.reason ?? '');
        return;
      }
      this.scheduleReconnect(connection);
    };
  }

  private scheduleReconnect(connection: AlbumConnection): void {
    if (connection.closing || connection.reconnectAttempts >= this.maxReconnectAttempts) {
      if (!connection.closing) this.logger.warn(`[realtime] album ${connection.albumId}: giving up after ${connection.reconnectAttempts} reconnect attempts`);
      return;
    }
    connection.reconnectAttempts += 1;
    connection.reconnectTimer = setTimeout(() => {
      connection.reconnectTimer = null;
      if (!connection.closing) this.open(connection);
    }, typeof this.reconnectDelayMs === 'function' ? this.reconnectDelayMs(connection.reconnectAttempts) : this.reconnectDelayMs);
  }
}

function parseMessage(data: unknown): RealtimeMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as Partial<RealtimeMessage>;
    return parsed && typeof parsed.type === 'string' ? { type: parsed.type, payload: parsed.payload } : null;
  } catch {
    return null;
  }
}

/** Narrows a message to `new_photos` of one album. */
export function isNewPhotosFor(message: RealtimeMessage, albumId: string): message is NewPhotosMessage {
  if (message.type !== 'new_photos') return false;
  const payload = message.payload as { albumId?: unknown } | null | undefined;
  return !payload || payload.albumId === undefined || String(payload.albumId) === albumId;
}

/** Narrows a message to `photos_removed` of one album (deleted or hidden photos: drop them at once). */
export function isPhotosRemovedFor(message: RealtimeMessage, albumId: string): message is PhotosRemovedMessage {
  if (message.type !== 'photos_removed') return false;
  const payload = message.payload as { albumId?: unknown; ids?: unknown } | null | undefined;
  return !!payload && Array.isArray(payload.ids) && (payload.albumId === undefined || String(payload.albumId) === albumId);
}

/** Issue 24: narrows a message to `photos_updated` (renditions made, an error, the organiser's flags). */
export function isPhotosUpdated(message: RealtimeMessage): message is PhotosUpdatedMessage {
  const payload = message.payload as { photos?: unknown } | null | undefined;
  return message.type === 'photos_updated' && !!payload && Array.isArray(payload.photos);
}

/** The page's one realtime client (api-client is a federation singleton, so every remote shares it). */
export const albumRealtime = new AlbumRealtimeClient();
