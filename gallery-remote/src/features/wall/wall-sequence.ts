import type { MessageItem, PhotoItem } from '@momentos/api-client';
import { advance, back, emptyPlaylist, reloaded, withoutPhotos, withPhotos, type Playlist } from './wall-playlist';

/**
 * Issue 26: what the wall shows next when it also shows the guestbook: the photo playlist
 * (wall-playlist.ts) with, between photos, one published message after every `everyN` photos
 * ('Recados no telão'; 0 = none). Messages run in their own ring (oldest to newest, again), new ones
 * first; a hidden, pending or deleted message leaves at once. 'Só favoritas' keeps the organiser's
 * favourite photos only.
 */
export interface WallOptions {
  /** One message after every N photos; 0: no messages on the wall. */
  everyN: number;
  favoritesOnly: boolean;
}

export const defaultWallOptions: WallOptions = { everyN: 5, favoritesOnly: false };

/** The choices of 'Recados no telão'. */
export const messageSpacings = [0, 2, 3, 5, 10] as const;

export interface WallState {
  playlist: Playlist;
  /** Published messages, newest first (as the API lists them). */
  messages: MessageItem[];
  /** New messages not yet shown, in the order they will be. */
  messageArrivals: string[];
  /** The message on screen (instead of a photo), or null. */
  message: string | null;
  /** The last message shown (where the message ring goes on from). */
  lastMessage: string | null;
  /** Photos shown since the last message. */
  sincePhotos: number;
  options: WallOptions;
}

export const initialWallState = (options: WallOptions = defaultWallOptions): WallState => ({
  playlist: emptyPlaylist,
  messages: [],
  messageArrivals: [],
  message: null,
  lastMessage: null,
  sincePhotos: 0,
  options,
});

/** Only what guests may read: never a hidden or pending message (the organiser's list has them, flagged). */
export const published = (message: MessageItem) => message.hidden !== true && message.pending !== true;

/** The photos the wall may show under its options ('Só favoritas': the organiser's favourites only). */
export const wallPhotos = (photos: PhotoItem[], options: WallOptions) => (options.favoritesOnly ? photos.filter((photo) => photo.favorite === true) : photos);

/** The photo list as the server now answers it (see withPhotos), filtered by the wall's options. */
export function withWallPhotos(state: WallState, photos: PhotoItem[], firstLoad: boolean): WallState {
  return { ...state, playlist: withPhotos(state.playlist, wallPhotos(photos, state.options), firstLoad) };
}

export function withoutWallPhotos(state: WallState, ids: readonly string[]): WallState {
  return { ...state, playlist: withoutPhotos(state.playlist, ids) };
}

/**
 * The message list as the server answers it: unpublished ones are dropped; messages the wall did not
 * know become arrivals unless this is the first load.
 */
export function withMessages(state: WallState, list: MessageItem[], firstLoad: boolean): WallState {
  const usable = list.filter(published);
  const { arrivals, current } = reloaded(state.messages, usable, state.messageArrivals, state.message, firstLoad);
  return { ...state, messages: usable, messageArrivals: arrivals, message: current };
}

/**
 * Messages announced by the socket (`new_messages`): published ones are added (or updated) as
 * arrivals, any other (hidden, pending: the organiser's socket sends those too) leaves at once.
 */
export function withAnnouncedMessages(state: WallState, announced: MessageItem[]): WallState {
  const gone = announced.filter((message) => !published(message)).map((message) => message.id);
  const fresh = announced.filter(published);
  const freshIds = new Set(fresh.map((message) => message.id));
  const known = new Set(state.messages.map((message) => message.id));
  const kept = withoutMessages(state, gone);
  return {
    ...kept,
    messages: [...fresh.filter((message) => !known.has(message.id)), ...kept.messages.map((message) => fresh.find((update) => update.id === message.id) ?? message)],
    messageArrivals: [...fresh.filter((message) => !known.has(message.id)).map((message) => message.id), ...kept.messageArrivals.filter((id) => !freshIds.has(id) || known.has(id))],
  };
}

/** Takes messages off the wall at once (`messages_removed`: hidden or deleted). */
export function withoutMessages(state: WallState, ids: readonly string[]): WallState {
  if (ids.length === 0) return state;
  const gone = new Set(ids);
  return {
    ...state,
    messages: state.messages.filter((message) => !gone.has(message.id)),
    messageArrivals: state.messageArrivals.filter((id) => !gone.has(id)),
    message: state.message && gone.has(state.message) ? null : state.message,
    lastMessage: state.lastMessage && gone.has(state.lastMessage) ? null : state.lastMessage,
  };
}

function nextMessageId(state: WallState): { id: string; arrivals: string[] } | null {
  if (state.messages.length === 0) return null;
  if (state.messageArrivals.length > 0) {
    const [id, ...arrivals] = state.messageArrivals;
    return { id, arrivals };
  }
  const ring = [...state.messages].reverse();
  const at = state.lastMessage ? ring.findIndex((message) => message.id === state.lastMessage) : -1;
  return { id: ring[(at + 1) % ring.length].id, arrivals: [] };
}

/**
 * The next slide: a message when `everyN` photos were shown since the last one (and there is one to
 * show), else the next photo.
 */
export function advanceWall(state: WallState): WallState {
  const { everyN } = state.options;
  if (everyN > 0 && state.message === null && state.sincePhotos >= everyN) {
    const next = nextMessageId(state);
    if (next) return { ...state, message: next.id, lastMessage: next.id, messageArrivals: next.arrivals, sincePhotos: 0 };
  }
  return advancePhoto(state);
}

/** The next photo, never a message (a new photo goes on screen at once, even where a message was due). */
export function advancePhoto(state: WallState): WallState {
  const playlist = advance(state.playlist);
  return { ...state, playlist, message: null, sincePhotos: playlist.current ? state.sincePhotos + 1 : state.sincePhotos };
}

/** The wall's '‹': back to the previous photo (messages are not stepped back through). */
export function backWall(state: WallState): WallState {
  return { ...state, playlist: back(state.playlist), message: null };
}

/** New options: 'Só favoritas' changes which photos run (the ring starts again from the next load). */
export function withOptions(state: WallState, options: WallOptions): WallState {
  const favoritesChanged = options.favoritesOnly !== state.options.favoritesOnly;
  return { ...state, options, playlist: favoritesChanged ? emptyPlaylist : state.playlist, message: options.everyN === 0 ? null : state.message };
}

export const currentMessage = (state: WallState) => (state.message ? (state.messages.find((message) => message.id === state.message) ?? null) : null);

/** The options in the wall's address (`?recados=5&favoritas=1`), so that a wall link carries them. */
export function optionsFromQuery(search: string): WallOptions {
  const query = new URLSearchParams(search);
  const raw = query.get('recados');
  const every = raw === null ? defaultWallOptions.everyN : Number(raw);
  return {
    everyN: (messageSpacings as readonly number[]).includes(every) ? every : defaultWallOptions.everyN,
    favoritesOnly: query.get('favoritas') === '1',
  };
}

export function queryOfOptions(options: WallOptions): string {
  const query = new URLSearchParams();
  if (options.everyN !== defaultWallOptions.everyN) query.set('recados', String(options.everyN));
  if (options.favoritesOnly) query.set('favoritas', '1');
  const text = query.toString();
  return text ? `?${text}` : '';
}
