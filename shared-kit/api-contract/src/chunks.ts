import { Type, type Static } from '@sinclair/typebox';

/** `POST /api/events/photos/chunk/init`: multipart fields (fileSize as digits) or JSON. */
export const ChunkInitFields = Type.Object({
  fileName: Type.String({ minLength: 1, maxLength: 1024 }),
  fileSize: Type.Integer({ minimum: 0 }),
  /** Only a hint: a declared non-media type is refused early, the bytes decide at finalize. */
  fileType: Type.Optional(Type.String({ maxLength: 255 })),
  /** An album id, or an event id (as in a one-request upload). */
  albumId: Type.String({ minLength: 1, maxLength: 64 }),
  userId: Type.String({ maxLength: 1000 }),
});
export type ChunkInitFields = Static<typeof ChunkInitFields>;

export const ChunkInitAnswer = Type.Object({ sessionId: Type.String() });
export type ChunkInitAnswer = Static<typeof ChunkInitAnswer>;

/**
 * The text fields of `POST /api/events/photos/chunk/upload` (multipart, beside the `chunk` file
 * part). Sent before the chunk, they let it stream straight to its place. Checked by hand.
 */
export const ChunkUploadFields = Type.Object({
  sessionId: Type.String(),
  /** 0-based, as digits. */
  chunkIndex: Type.String(),
  /** As digits. */
  totalChunks: Type.String(),
});
export type ChunkUploadFields = Static<typeof ChunkUploadFields>;

export const ChunkUploadAnswer = Type.Object({
  /** The index of the chunk received. */
  received: Type.Integer(),
  totalChunks: Type.Integer(),
  /** How many distinct chunks the session has so far. */
  receivedChunks: Type.Integer(),
});
export type ChunkUploadAnswer = Static<typeof ChunkUploadAnswer>;

/** `POST /api/events/photos/chunk/finalize` (JSON); answered with an UploadAnswer. */
export const ChunkFinalizeBody = Type.Object({
  sessionId: Type.String({ maxLength: 100 }),
});
export type ChunkFinalizeBody = Static<typeof ChunkFinalizeBody>;
