import { Type, type Static } from '@sinclair/typebox';
import { PhotoItem } from './photos';

/** `/ws/albums/{albumId}?token=`: the organiser's token opens their private albums. */
export const AlbumSocketQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 4096 })),
  /** Issue 12: the event's PIN, or its wall link's token, where the event asks for a PIN. */
  pin: Type.Optional(Type.String({ maxLength: 16 })),
  wall: Type.Optional(Type.String({ maxLength: 128 })),
});
export type AlbumSocketQuery = Static<typeof AlbumSocketQuery>;

/** `new_photos`: sent to an album's (and its event's) subscribers after the server stored an upload. */
export const NewPhotosMessage = Type.Object({
  type: Type.Literal('new_photos'),
  payload: Type.Object({
    albumId: Type.String(),
    photos: Type.Array(PhotoItem),
  }),
});
export type NewPhotosMessage = Static<typeof NewPhotosMessage>;

/**
 * `photos_removed`: photos left an album's public view (deleted by the owner or by the guest who sent
 * them, hidden by the owner). Open galleries drop them at once. Ids only: there is nothing else to show.
 */
export const PhotosRemovedMessage = Type.Object({
  type: Type.Literal('photos_removed'),
  payload: Type.Object({
    albumId: Type.String(),
    ids: Type.Array(Type.String()),
  }),
});
export type PhotosRemovedMessage = Static<typeof PhotosRemovedMessage>;
