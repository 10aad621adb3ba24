import type { FastifyInstance, FastifyRequest } from 'fastify';
import { plainFileUrls, signedFileUrls, type FileGrant, type FileUrls } from '../domain/file-access';
import { carriesWallLink } from './event-pin';
import { findEventGuard } from '../repositories/events';
import { readsAsTeam } from '../services/team/event-access';

/**
 * What a reader of the event proved, as a file-URL grant (issue 22): the owner's token, the event's
 * wall link, or (for an event with a PIN) the PIN the request was already checked to carry. Null: a
 * guest of an event without a PIN, whose URLs need no signature.
 */
export async function readerGrant(app: FastifyInstance, request: FastifyRequest, eventId: string, organiserId: string | null): Promise<FileGrant | null> {
  const event = await findEventGuard(app.db, eventId);
  if (!event) return null;
  // The owner, or a member of the event's team (issue 27): URLs signed for them, checked against the team at read.
  if (organiserId !== null && (event.organiser_id === organiserId || (await readsAsTeam(app.db, eventId, organiserId)))) return { scope: 'o', organiserId };
  if (event.wall_token_hash && carriesWallLink(request, event)) return { scope: 'w', wallTokenHash: event.wall_token_hash };
  if (event.pin) return { scope: 'g', pin: event.pin };
  return null;
}

/** The file URLs for the reader of this request. */
export async function readerFileUrls(app: FastifyInstance, request: FastifyRequest, eventId: string, organiserId: string | null): Promise<FileUrls> {
  return (await readerFiles(app, request, eventId, organiserId)).urls;
}

/** The reader's file URLs, and whether they may take the originals ('Convidados podem baixar as fotos'; the owner always). */
export async function readerFiles(
  app: FastifyInstance,
  request: FastifyRequest,
  eventId: string,
  organiserId: string | null,
): Promise<{ urls: FileUrls; downloadable: boolean }> {
  const grant = await readerGrant(app, request, eventId, organiserId);
  const event = grant?.scope === 'o' ? null : await findEventGuard(app.db, eventId);
  return { urls: signedFileUrls(grant, app.jwtSecret), downloadable: grant?.scope === 'o' || Number(event?.guest_downloads ?? 1) !== 0 };
}

export { plainFileUrls };
