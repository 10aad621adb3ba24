import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { UploadLimits } from '../config';
import { HttpError } from '../errors';
import { eventUsage } from '../repositories/photos';
import { reservedByOpenSessions } from '../repositories/upload-sessions';

const formatGiB = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} GB` : `${Math.round(bytes / 1024 ** 2).toLocaleString('pt-BR')} MB`;

export const eventFilesFullMessage = (max: number) =>
  `Este evento atingiu o limite de ${max.toLocaleString('pt-BR')} fotos e vídeos. Fale com quem organiza o evento.`;
export const eventBytesFullMessage = (max: number) =>
  `Este evento atingiu o limite de armazenamento (${formatGiB(max)}). Fale com quem organiza o evento.`;

/**
 * EVENT_MAX_FILES / EVENT_MAX_BYTES (issue 16): refuses with 413, before anything is stored, what
 * would take the event past its quota. Checked when the album is known (a full event refuses before
 * any byte is read) and again with the files received. Two uploads racing near the limit may both
 * pass: the quota bounds abuse, it is not an exact meter.
 * Issue 23: an open chunk session holds its declared size and one file from its init until it is
 * finalized or expires, so sessions cannot be opened past the quota; a finalize names its own
 * session (`exceptSession`) so as not to count itself twice.
 */
export async function assertEventRoom(
  db: Kysely<Database>,
  eventId: string,
  limits: Pick<UploadLimits, 'eventMaxBytes' | 'eventMaxFiles' | 'chunkSessionTtlMs'>,
  adding: { files: number; bytes: number },
  exceptSession?: string,
) {
  const stored = await eventUsage(db, eventId);
  const reserved = await reservedByOpenSessions(db, eventId, new Date(Date.now() - limits.chunkSessionTtlMs).toISOString(), exceptSession);
  const used = { files: stored.files + reserved.files, bytes: stored.bytes + reserved.bytes };
  if (used.files + Math.max(adding.files, 1) > limits.eventMaxFiles) throw new HttpError(413, eventFilesFullMessage(limits.eventMaxFiles));
  if (used.bytes + adding.bytes > limits.eventMaxBytes || (adding.bytes === 0 && used.bytes >= limits.eventMaxBytes)) {
    throw new HttpError(413, eventBytesFullMessage(limits.eventMaxBytes));
  }
}
