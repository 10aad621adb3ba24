import { endpoints, type DownloadScopeFields } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { DownloadScope } from '../domain/download-ticket';
import { downloadHolder, sendAttachment, ticketAnswer } from '../http/download-ticket';
import { safeName, voiceNoteEntries, zipLayout, zipStream, type ZipEntry } from '../infra/event-zip';
import { uploadPlace } from '../domain/printables/places';
import type { Config } from '../config';
import type { EventRow } from '../db/schema';
import { bookTexts } from '../infra/guestbook/book';
import { renderEventBook } from '../services/guestbook/event-book';
import { publicOrigin } from '../http/public-origin';
import { listMessages } from '../repositories/messages';
import { messages, notFound } from '../errors';
import { listAlbums } from '../repositories/albums';
import { requireEventRole } from '../http/event-role';
import { eventAccess } from '../services/team/event-access';
import { photosForDownload } from '../repositories/photos';

/** The scope a download ticket is asked for, and the one its download's query carries: read alike. */
const downloadScope = (eventId: string, asked: DownloadScopeFields): DownloadScope => ({
  eventId,
  albumId: asked.album_id,
  userId: asked.user_id?.trim() || undefined,
  includeHidden: asked.include_hidden || undefined,
  favoritesOnly: asked.favorites_only || undefined,
  place: uploadPlace(asked.place) ?? undefined,
  byPlace: asked.by_place || undefined,
});

/**
 * Download all (issue 11): the event's originals as one ZIP, streamed as it is built. The owner
 * authenticates with the token, or, since a browser download cannot send headers, with a ticket
 * bound to the event and the scope (album, uploader, hidden included or not) it was asked for.
 */
const downloadRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  app.route({
    ...route(endpoints.downloadTicket),
    preHandler: app.requireOrganiser,
    handler: async (request) => {
      const { event } = await requireEventRole(app.db, request, request.params.id, 'downloads');
      if (request.body.book) {
        // Issue 26: the 'Livro de recados' PDF, a scope of its own.
        return ticketAnswer({ eventId: event.id, book: true, organiserId: request.organiser!.id }, app.jwtSecret, `/api/events/${event.id}/messages/book.pdf`);
      }
      const scope = downloadScope(event.id, request.body);
      const query = new URLSearchParams();
      if (scope.favoritesOnly) query.set('favorites_only', 'true');
      if (scope.albumId) query.set('album_id', scope.albumId);
      if (scope.userId) query.set('user_id', scope.userId);
      if (scope.includeHidden) query.set('include_hidden', 'true');
      if (scope.place) query.set('place', scope.place);
      if (scope.byPlace) query.set('by_place', 'true');
      return ticketAnswer({ ...scope, organiserId: request.organiser!.id }, app.jwtSecret, `/api/events/${event.id}/download`, query);
    },
  });

  app.route({ ...route(endpoints.download), handler: async (request, reply) => {
    const asked = downloadScope(request.params.id, request.query);
    const organiserId = await downloadHolder(app, request, request.query.ticket, asked);
    // The ticket's holder is asked again (issue 27): a member removed since the ticket was made gets nothing.
    const { event } = await eventAccess(app.db, asked.eventId, organiserId, 'downloads');
    const albums = await listAlbums(app.db, event.id, false);
    const inScope = asked.albumId ? albums.filter((album) => album.id === asked.albumId) : albums;
    if (asked.albumId && inScope.length === 0) throw notFound(messages.albumNotFound);

    const photos = await photosForDownload(
      app.db,
      inScope.map((album) => album.id),
      { userId: asked.userId, includeHidden: Boolean(asked.includeHidden), place: asked.place },
    );
    const chosen = asked.favoritesOnly ? photos.filter((photo) => Number(photo.favorite) === 1) : photos;
    const entries: ZipEntry[] = zipLayout(chosen, new Map(albums.map((album) => [album.id, album.name])), { byPlace: Boolean(asked.byPlace) });
    // Issue 26: the whole event's ZIP (no album, guest or place scope) also holds the guestbook: Recados.pdf and the voice notes.
    if (!asked.albumId && !asked.userId && !asked.place) entries.push(...(await guestbookEntries(request, event)));
    const stop = new AbortController();
    // A client that goes away stops the work: no more files are read.
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) stop.abort();
    });
    const fileName = `${safeName(event.name, 'evento')}.zip`;
    return sendAttachment(reply, 'application/zip', fileName, zipStream({ storage: app.storage, warn: (details, message) => request.log.warn(details, message) }, entries, stop.signal));
  } });

  async function guestbookEntries(request: FastifyRequest, event: EventRow): Promise<ZipEntry[]> {
    const published = await listMessages(app.db, event.id, 'guest');
    if (published.length === 0) return [];
    const book = () =>
      renderEventBook({ db: app.db, storage: app.storage, secret: app.jwtSecret, linkTtlSeconds: config.guestbook.audioLinkTtlSeconds, origin: publicOrigin(request, config) }, event);
    return [{ name: bookTexts.fileName, produce: book, mtime: new Date() }, ...voiceNoteEntries(published)];
  }
};

export default downloadRoutes;
