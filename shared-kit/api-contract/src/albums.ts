import { Type, type Static } from '@sinclair/typebox';
import { IdParam } from './common';

/** An album as answered (its field names differ from the request's, spec §3). */
export const Album = Type.Object({
  id: Type.String(),
  album_name: Type.String(),
  album_description: Type.String(),
  is_available: Type.Boolean(),
  is_public: Type.Boolean(),
  /** Issue 11: guests' uploads wait for the organiser's approval. */
  requires_approval: Type.Optional(Type.Boolean()),
  /** For the owner: every item of the album (images and videos). */
  photo_count: Type.Optional(Type.Integer()),
  /** For the owner: the newest item's grid rendition, null while the album is empty. */
  cover_photo: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type Album = Static<typeof Album>;

export const AlbumList = Type.Array(Album);
export type AlbumList = Static<typeof AlbumList>;

/** An album as sent (`POST /api/albums/{eventId}`, `PUT /api/albums/{albumId}`); the flags default to false. */
export const AlbumBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.String({ minLength: 1, maxLength: 2000 }),
  is_public: Type.Optional(Type.Boolean({ default: false })),
  is_available: Type.Optional(Type.Boolean({ default: false })),
  requires_approval: Type.Optional(Type.Boolean({ default: false })),
});
export type AlbumBody = Static<typeof AlbumBody>;

/** An album with both flags decided: as the organiser's form sends it, and as the server stores it. */
export type AlbumFields = Required<AlbumBody>;

/** `/api/albums/{eventId}`: an event's albums. */
export const EventAlbumsParams = Type.Object({ eventId: IdParam });
export type EventAlbumsParams = Static<typeof EventAlbumsParams>;

/** `/api/albums/{albumId}`, `/api/events/photos/…/{albumId}`, `/ws/albums/{albumId}`: an album id (an event id where the route says so). */
export const AlbumParams = Type.Object({ albumId: IdParam });
export type AlbumParams = Static<typeof AlbumParams>;
