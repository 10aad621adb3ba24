import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { UploadLimits } from '../config';
import { HttpError } from '../errors';
import { eventUsage } from '../repositories/photos';

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
 */
export async function assertEventRoom(db: Kysely<Database>, eventId: string, limits: Pick<UploadLimits, 'eventMaxBytes' | 'eventMaxFiles'>, adding: { files: number; bytes: number }) {
  const used = await eventUsage(db, eventId);
  if (used.files + Math.max(adding.files, 1) > limits.eventMaxFiles) throw new HttpError(413, eventFilesFullMessage(limits.eventMaxFiles));
  if (used.bytes + adding.bytes > limits.eventMaxBytes || (adding.bytes === 0 && used.bytes >= limits.eventMaxBytes)) {
    throw new HttpError(413, eventBytesFullMessage(limits.eventMaxBytes));
  }
}
