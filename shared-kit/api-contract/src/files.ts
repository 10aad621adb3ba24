import { Type, type Static } from '@sinclair/typebox';
import { StatusMessage } from './common';

/** `GET /api/files?path=` and `/api/files/download?path=`: a storage key (the server checks its shape). */
export const FileQuery = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 1024 }),
  /**
   * Issue 22: a signed file URL's reader ('o' the organiser, 'w' the wall link, 'g' a guest who typed
   * the PIN), its expiry (seconds since the epoch) and signature. Lists and socket messages hand them
   * out; clients use the URLs as given.
   */
  scope: Type.Optional(Type.String({ maxLength: 4 })),
  exp: Type.Optional(Type.String({ maxLength: 16 })),
  sig: Type.Optional(Type.String({ maxLength: 64 })),
});
export type FileQuery = Static<typeof FileQuery>;

/** `GET /api/health` when the database answers. */
export const Health = Type.Object({
  status: Type.String(),
  database: Type.String(),
});
export type Health = Static<typeof Health>;

/** `GET /api/health` with the database down (503). */
export const HealthDown = StatusMessage;
export type HealthDown = StatusMessage;

/** `GET /api/health/ready` while the server takes requests; during a shutdown (or with the database down) a 503 `HealthDown`. */
export const Ready = Type.Object({
  status: Type.Literal('ready'),
});
export type Ready = Static<typeof Ready>;
