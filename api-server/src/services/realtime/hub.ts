import type {
  MessageItem,
  MessagesRemovedMessage,
  NewMessagesMessage,
  NewPhotosMessage,
  PhotoItem,
  PhotosRemovedMessage,
  PhotosUpdatedMessage,
  ReactionsMessage,
} from '@momentos/api-contract';
import type { MessageRow, PhotoRow } from '../../db/schema';
import type { FileGrant, FileUrls } from '../../domain/file-access';
import type { MessagePresenter } from '../../domain/guestbook/messages';
import { galleryOpen } from '../../domain/visibility';
import type { Announcement } from '../../infra/realtime-bus';
import type { SocketAccess } from '../socket-ticket';
import type { AudienceState } from './audience';

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
  close(code?: number, reason?: string): void;
}

/** A socket and what its opener proved (domain/socket-ticket.ts), checked again before each delivery. */
export interface Subscriber extends SocketAccess {
  socket: HubSocket;
  alive: boolean;
}

/** What the hub needs of the app: the audience's current state and file URLs for a reader. */
export interface HubDeps {
  audienceState: (eventId: string) => Promise<AudienceState | null>;
  urls: (grant: FileGrant | null) => FileUrls;
  /** How lists present a photo, to guests and to its owners (http/present.ts). */
  present: { photo: (row: PhotoRow, urls: FileUrls, downloadable: boolean) => PhotoItem; ownedPhoto: (row: PhotoRow, urls: FileUrls) => PhotoItem };
}

/** The close code and reason a guest socket gets when what it listens to is no longer open to it (issue 22). */
export const AUDIENCE_CLOSED_CODE = 4403;
export const audienceClosedReason = 'Este álbum não está mais disponível.';

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

  constructor(private readonly deps: HubDeps) {}

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
  async announce(album: AlbumAudience, photos: PhotoRow[]): Promise<void> {
    if (photos.length === 0) return;
    this.publish?.({ albumId: album.id, eventId: album.event_id, isPublic: Number(album.is_public) === 1, photoIds: photos.map((photo) => photo.id) });
    await this.deliver(album, photos);
  }

  /**
   * Sends `new_photos` to the album's subscribers and to those of its event, each with file URLs for
   * its reader. Issue 22: a guest's socket is checked against the audience's state now (album public,
   * gallery open, the same PIN, the same wall link) before anything is sent; one that fails is closed.
   */
  deliver(album: AlbumAudience, photos: PhotoRow[]): Promise<void> {
    return this.deliverPhotos('new_photos', album, photos);
  }

  /**
   * Issue 24: a photo's (or video's) renditions exist, or its processing failed: `photos_updated`
   * with the items as lists present them, here and through the bus (ids only). Owners hear every
   * photo (with the organiser's flags); a guest's socket only those guests see (never a hidden or
   * pending one), checked against the audience as for `new_photos`.
   */
  async announceUpdated(album: AlbumAudience, photos: PhotoRow[]): Promise<void> {
    if (photos.length === 0) return;
    this.publish?.({ kind: 'photos_updated', albumId: album.id, eventId: album.event_id, isPublic: Number(album.is_public) === 1, photoIds: photos.map((photo) => photo.id) });
    await this.deliverUpdated(album, photos);
  }

  deliverUpdated(album: AlbumAudience, photos: PhotoRow[]): Promise<void> {
    return this.deliverPhotos('photos_updated', album, photos);
  }

  private async deliverPhotos(type: 'new_photos' | 'photos_updated', album: AlbumAudience, photos: PhotoRow[]): Promise<void> {
    if (photos.length === 0) return;
    const listeners = [...(this.channels.get(album.id) ?? []), ...(this.channels.get(album.event_id) ?? [])];
    if (listeners.length === 0) return;
    // `new_photos` is only ever given published photos; an update may concern one guests do not see.
    const seen = type === 'new_photos' ? photos : photos.filter((row) => Number(row.hidden) === 0 && Number(row.pending) === 0);
    const state = seen.length > 0 && listeners.some((subscriber) => !subscriber.isOwner) ? await this.deps.audienceState(album.event_id) : null;
    const texts = new Map<string, string>();
    const textFor = (subscriber: Subscriber) => {
      const grant = this.grantOf(subscriber, state);
      const ownerView = subscriber.isOwner;
      const cacheKey = `${ownerView ? 'owner' : 'guest'}|${grant ? `${grant.scope}:${grant.scope === 'o' ? grant.organiserId : ''}` : ''}`;
      let text = texts.get(cacheKey);
      if (text === undefined) {
        const urls = this.deps.urls(grant);
        const downloadable = grant?.scope === 'o' || (state?.guestDownloads ?? true);
        const present = (row: PhotoRow): PhotoItem => (type === 'photos_updated' && ownerView ? this.deps.present.ownedPhoto(row, urls) : this.deps.present.photo(row, urls, downloadable));
        const payload = { albumId: album.id, photos: (ownerView ? photos : seen).map(present) };
        const message: NewPhotosMessage | PhotosUpdatedMessage = type === 'new_photos' ? { type, payload } : { type, payload };
        texts.set(cacheKey, (text = JSON.stringify(message)));
      }
      return text;
    };
    const forGuest = (subscriber: Subscriber, albumId: string | null) => {
      if (seen.length === 0) return null;
      if (!this.stillAllowed(subscriber, albumId, state)) return 'close';
      return albumId !== null || state?.publicAlbums.has(album.id) ? textFor(subscriber) : null;
    };
    this.sendEach(album.id, (subscriber) => (subscriber.isOwner ? textFor(subscriber) : forGuest(subscriber, album.id)));
    this.sendEach(album.event_id, (subscriber) => (subscriber.isOwner ? textFor(subscriber) : forGuest(subscriber, null)));
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
    const text = JSON.stringify(message);
    this.sendEach(album.id, () => text);
    const isPublic = Number(album.is_public) === 1;
    this.sendEach(album.event_id, (subscriber) => (isPublic || subscriber.isOwner ? text : null));
  }

  /**
   * Issue 26: new or changed messages of the guestbook, to the event's subscribers; here and through
   * the bus (ids only). Owners get every one with its flags; a guest's socket, checked against the
   * audience now as for photos, gets the published ones with file URLs for its reader.
   */
  async announceMessages(eventId: string, rows: MessageRow[], present: MessagePresenter): Promise<void> {
    if (rows.length === 0) return;
    this.publish?.({ kind: 'new_messages', albumId: eventId, eventId, isPublic: true, photoIds: rows.map((row) => row.id) });
    await this.deliverMessages(eventId, rows, present);
  }

  async deliverMessages(eventId: string, rows: MessageRow[], present: MessagePresenter): Promise<void> {
    const listeners = [...(this.channels.get(eventId) ?? [])];
    if (listeners.length === 0 || rows.length === 0) return;
    const published = rows.filter((row) => Number(row.hidden) === 0 && Number(row.pending) === 0);
    const state = published.length > 0 && listeners.some((subscriber) => !subscriber.isOwner) ? await this.deps.audienceState(eventId) : null;
    const texts = new Map<string, string>();
    const textOf = (key: string, make: () => MessageItem[]) => {
      let text = texts.get(key);
      if (text === undefined) {
        const message: NewMessagesMessage = { type: 'new_messages', payload: { eventId, messages: make() } };
        texts.set(key, (text = JSON.stringify(message)));
      }
      return text;
    };
    this.sendEach(eventId, (subscriber) => {
      if (subscriber.isOwner) return textOf('owner', () => present(rows, true, this.deps.urls(null)));
      if (published.length === 0) return null;
      if (!this.stillAllowed(subscriber, null, state)) return 'close';
      const grant = this.grantOf(subscriber, state);
      return textOf(grant ? grant.scope : '', () => present(published, false, this.deps.urls(grant)));
    });
  }

  /** Issue 26: messages that left the guests' view (hidden or deleted): ids only, to every subscriber of the event. */
  announceMessagesRemoved(eventId: string, ids: string[]): void {
    if (ids.length === 0) return;
    this.deliverMessagesRemoved(eventId, ids);
    this.publish?.({ kind: 'messages_removed', albumId: eventId, eventId, isPublic: true, photoIds: ids });
  }

  deliverMessagesRemoved(eventId: string, ids: string[]): void {
    const message: MessagesRemovedMessage = { type: 'messages_removed', payload: { eventId, ids } };
    const text = JSON.stringify(message);
    this.sendEach(eventId, () => text);
  }

  /** Issue 26: a photo's heart count, to those who may see the photo (its album's and its event's audiences). */
  announceReactions(album: AlbumAudience, photoId: string, hearts: number): void {
    this.deliverReactions(album, photoId, hearts);
    this.publish?.({ kind: 'reactions', albumId: album.id, eventId: album.event_id, isPublic: Number(album.is_public) === 1, photoIds: [photoId], hearts });
  }

  deliverReactions(album: AlbumAudience, photoId: string, hearts: number): void {
    const message: ReactionsMessage = { type: 'reactions', payload: { albumId: album.id, photoId, hearts } };
    const text = JSON.stringify(message);
    this.sendEach(album.id, () => text);
    const isPublic = Number(album.is_public) === 1;
    this.sendEach(album.event_id, (subscriber) => (isPublic || subscriber.isOwner ? text : null));
  }

  /**
   * Issue 22: what guests of the event may see changed (an album made private or closed, the
   * gallery's visibility, the PIN, the wall link): every guest socket of the event that may no longer
   * listen is closed (4403), here and through the bus.
   */
  async audienceChanged(eventId: string): Promise<void> {
    this.publish?.({ kind: 'audience_changed', albumId: eventId, eventId, isPublic: false, photoIds: [] });
    await this.recheck(eventId);
  }

  /** Closes this instance's guest sockets of the event that may no longer listen. */
  async recheck(eventId: string): Promise<void> {
    const guests: Array<[string, Subscriber]> = [];
    for (const [channel, set] of this.channels) for (const subscriber of set) if (!subscriber.isOwner && subscriber.eventId === eventId) guests.push([channel, subscriber]);
    if (guests.length === 0) return;
    const state = await this.deps.audienceState(eventId);
    for (const [channel, subscriber] of guests) {
      if (!this.stillAllowed(subscriber, channel === eventId ? null : channel, state)) closeForAudience(subscriber.socket);
    }
  }

  /** Whether a guest's socket may still listen: its album public (album sockets), the gallery open, the same PIN and wall link. */
  private stillAllowed(subscriber: Subscriber, albumId: string | null, state: AudienceState | null): boolean {
    if (!state) return false;
    if (albumId !== null && !state.publicAlbums.has(albumId)) return false;
    if (!galleryOpen(state.rules)) return false;
    if (subscriber.wall) return state.wallTokenHash !== null;
    return state.pin === null || state.pin === subscriber.pin;
  }

  private grantOf(subscriber: Subscriber, state: AudienceState | null): FileGrant | null {
    if (subscriber.isOwner && subscriber.organiserId) return { scope: 'o', organiserId: subscriber.organiserId };
    if (subscriber.wall && state?.wallTokenHash) return { scope: 'w', wallTokenHash: state.wallTokenHash };
    if (state?.pin) return { scope: 'g', pin: state.pin };
    return null;
  }

  /** Sends each open subscriber of the channel what `textOf` answers: a text, nothing (null), or 'close' (4403). */
  private sendEach(channel: string, textOf: (subscriber: Subscriber) => string | null | 'close'): void {
    const set = this.channels.get(channel);
    if (!set) return;
    for (const subscriber of set) {
      const { socket } = subscriber;
      if (socket.readyState !== socket.OPEN) continue;
      const text = textOf(subscriber);
      if (text === null) continue;
      if (text === 'close') {
        closeForAudience(socket);
        continue;
      }
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.terminate();
        continue;
      }
      socket.send(text);
    }
  }

  /**
   * Issue 27: closes this instance's sockets of an organiser on an event (removed from its team);
   * answers how many. Sockets they opened as a guest of a public album close too: they reconnect as one.
   */
  dropMember(eventId: string, organiserId: string): number {
    let closed = 0;
    for (const set of this.channels.values()) {
      for (const subscriber of set) {
        if (subscriber.eventId !== eventId || subscriber.organiserId !== organiserId) continue;
        subscriber.socket.terminate();
        set.delete(subscriber);
        closed += 1;
      }
    }
    return closed;
  }

  /** Closes the member's sockets here and, through the bus, on the other instances. */
  removeMember(eventId: string, organiserId: string): void {
    this.dropMember(eventId, organiserId);
    this.publish?.({ kind: 'member_removed', albumId: '', eventId, isPublic: false, photoIds: [], organiserId });
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

function closeForAudience(socket: HubSocket): void {
  if (socket.readyState === socket.OPEN) socket.close(AUDIENCE_CLOSED_CODE, audienceClosedReason);
}
