import { Type, type Static } from '@sinclair/typebox';
import { CLIENT_KEY_PATTERN, NullableString } from './common';

/** `POST /api/events/photos/chunk/init`: multipart fields (fileSize as digits) or JSON. */
export const ChunkInitFields = Type.Object({
  fileName: Type.String({ minLength: 1, maxLength: 1024 }),
  fileSize: Type.Integer({ minimum: 0 }),
  /** Only a hint: a declared non-media type is refused early, the bytes decide at finalize. */
  fileType: Type.Optional(Type.String({ maxLength: 255 })),
  /** An album id, or an event id (as in a one-request upload). */
  albumId: Type.String({ minLength: 1, maxLength: 64 }),
  userId: Type.String({ maxLength: 1000 }),
  /**
   * Issue 23: the secret the sender chose for this file (see CLIENT_KEY_PATTERN); its hash goes to the
   * photo, and the stored-files lookup needs it back.
   */
  clientKey: Type.Optional(Type.String({ pattern: CLIENT_KEY_PATTERN })),
  /** Issue 28: the place of the invite the guest opened ('Mesa 5'); optional. */
  place: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type ChunkInitFields = Static<typeof ChunkInitFields>;

export const ChunkInitAnswer = Type.Object({ sessionId: Type.String() });
export type ChunkInitAnswer = Static<typeof ChunkInitAnswer>;

/**
 * The text fields of `POST /api/events/photos/chunk/upload` (multipart, beside the `chunk` file
 * part). They must come before the chunk (issue 23): the session is checked before any byte of the
 * chunk is read, and a chunk that comes first is refused (400, connection closed). Checked by hand.
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

/** `GET /api/events/photos/chunk/{sessionId}`: a session's state, so a client resumes where it stopped. */
export const ChunkSessionParams = Type.Object({ sessionId: Type.String({ maxLength: 100 }) });
export type ChunkSessionParams = Static<typeof ChunkSessionParams>;

/** Optional: the album the client means; a session of another album answers 404. */
export const ChunkStatusQuery = Type.Object({ albumId: Type.Optional(Type.String({ maxLength: 64 })) });
export type ChunkStatusQuery = Static<typeof ChunkStatusQuery>;

export const ChunkStatus = Type.Object({
  sessionId: Type.String(),
  fileSize: Type.Integer(),
  /** Null until the first chunk told it. */
  totalChunks: Type.Union([Type.Integer(), Type.Null()]),
  /** 0-based indexes of the chunks the server holds, ascending: send only the others. */
  receivedChunks: Type.Array(Type.Integer()),
  /** Set once finalize stored the file: finalize again to get its answer. */
  photoId: NullableString,
});
export type ChunkStatus = Static<typeof ChunkStatus>;
