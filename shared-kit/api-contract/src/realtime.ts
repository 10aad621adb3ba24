import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { IdParam } from './common';
import { PhotoItem } from './photos';

/**
 * `/ws/albums/{albumId}?ticket=`: issue 23, no token, PIN or wall token in a socket's URL (URLs are
 * logged). A socket that needs one of them opens with a single-use ticket from `POST /api/ws-ticket`;
 * a public album's socket needs none.
 */
export const AlbumSocketQuery = Type.Object({
  ticket: Type.Optional(Type.String({ maxLength: 128 })),
});
export type AlbumSocketQuery = Static<typeof AlbumSocketQuery>;

/** A socket message about one album's photos: `{ type, payload: { albumId, … } }`. */
const albumMessage = <K extends string, T extends TProperties>(type: K, payload: T) =>
  Type.Object({ type: Type.Literal(type), payload: Type.Object({ albumId: Type.String(), ...payload }) });

/** `new_photos`: sent to an album's (and its event's) subscribers after the server stored an upload. */
export const NewPhotosMessage = albumMessage('new_photos', { photos: Type.Array(PhotoItem) });
export type NewPhotosMessage = Static<typeof NewPhotosMessage>;

/**
 * `photos_updated` (issue 24): the server made a photo's (or video's) renditions, or its processing
 * failed. The items are the photos as the reader's lists present them (an owner's with the organiser's
 * flags); a guest's socket never hears of a hidden or pending photo. Open viewers merge them in place:
 * no list is fetched again and `/updates` is not polled while the socket is up.
 */
export const PhotosUpdatedMessage = albumMessage('photos_updated', { photos: Type.Array(PhotoItem) });
export type PhotosUpdatedMessage = Static<typeof PhotosUpdatedMessage>;

/**
 * `photos_removed`: photos left an album's public view (deleted by the owner or by the guest who sent
 * them, hidden by the owner). Open galleries drop them at once. Ids only: there is nothing else to show.
 */
export const PhotosRemovedMessage = albumMessage('photos_removed', { ids: Type.Array(Type.String()) });
export type PhotosRemovedMessage = Static<typeof PhotosRemovedMessage>;

/** `POST /api/ws-ticket`: a ticket for one album's (or event's) socket, issued against the request's headers (token, PIN, wall token). */
export const WsTicketInput = Type.Object({
  album_id: IdParam,
});
export type WsTicketInput = Static<typeof WsTicketInput>;

/** The ticket, good for one socket within `expires_in` seconds. */
export const WsTicketAnswer = Type.Object({
  ticket: Type.String(),
  expires_in: Type.Integer(),
});
export type WsTicketAnswer = Static<typeof WsTicketAnswer>;
