import { Type, type Static } from '@sinclair/typebox';
import { PhotoItem } from './photos';

/** `/ws/albums/{albumId}?token=`: the organiser's token opens their private albums. */
export const AlbumSocketQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 4096 })),
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
