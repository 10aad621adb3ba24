import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UploadLimits } from '../config';
import { findUploadAlbum } from '../services/albums';
import { assertEventPin } from './event-pin';
import { assertEventRoom } from '../services/event-quota';
import { assertUploadsOpen } from '../domain/visibility';
import { HttpError } from '../errors';
import { findEventRules } from '../repositories/events';
import type { AlbumWithOwner } from '../repositories/albums';
import { openSessionsOf } from '../repositories/upload-sessions';
import { albumRefused } from './refusals';

export const tooManySessionsMessage = 'Há envios demais em andamento a partir deste endereço. Conclua ou aguarde os envios abertos e tente de novo.';

/** What an upload asks to be admitted for. */
export interface AdmissionAsk {
  /** The album (or event) id the guest sends to. */
  albumId: string;
  /** What the upload would add to the event: 0 files and 0 bytes before any file is read (a full event refuses). */
  adding: { files: number; bytes: number };
  /**
   * 'open': the first check of a request or of a chunk session, the event's PIN included; 'finalize':
   * again with what was received, before anything is stored (the PIN was asked of this request or of
   * the session's, see routes/chunks.ts).
   */
  stage: 'open' | 'finalize';
  /** A chunk session being finalized does not count its own reserved room twice. */
  session?: string;
  /** Opening a chunk session: one address holds a bounded number of open sessions. */
  opensSession?: { clientHash: string };
}

/** The key one address's open chunk sessions are counted under (never the address itself). */
export const sessionClientHash = (ip: string) => createHash('sha256').update(`chunks:${ip}`).digest('hex');

/**
 * "May this guest upload here": the one admission of every upload, one request or chunked, when it
 * opens and again before anything is stored (issue 24 item 2). In order: the album exists and takes
 * uploads (404/403), the event's PIN when it opens (403/429), the event's upload window (403), its quota (413) and, for a new
 * chunk session, the address's open sessions (429). Answers the album.
 * The client's upload budget (UPLOAD_RATE_LIMIT, plugins/upload-rate-limit.ts) and the disk headroom
 * (plugins/disk-guard.ts) are judged before the route runs, from the request line and Content-Length,
 * so that a refused body is never read: they apply to every upload route by its `config`/URL.
 */
export async function admitUpload(
  app: Pick<FastifyInstance, 'db' | 'optionalOrganiser'>,
  limits: UploadLimits,
  request: FastifyRequest,
  ask: AdmissionAsk,
): Promise<AlbumWithOwner> {
  const found = await findUploadAlbum(app.db, ask.albumId);
  if (!found.ok) throw albumRefused(found.refusal);
  const album = found.value;
  if (ask.stage === 'open') await assertEventPin(app.db, request, album.event_id, (await app.optionalOrganiser(request))?.id ?? null);
  assertUploadsOpen((await findEventRules(app.db, album.event_id))!);
  await assertEventRoom(app.db, album.event_id, limits, ask.adding, ask.session);
  if (ask.opensSession) {
    const liveSince = new Date(Date.now() - limits.chunkSessionTtlMs).toISOString();
    if ((await openSessionsOf(app.db, ask.opensSession.clientHash, liveSince)) >= limits.chunkSessionsPerIp) throw new HttpError(429, tooManySessionsMessage);
  }
  return album;
}
