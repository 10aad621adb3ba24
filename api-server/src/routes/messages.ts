import { endpoints, type SignedAudioQuery } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { downloadHolder, sendAttachment } from '../http/download-ticket';
import { safeName } from '../infra/event-zip';
import { bookTexts } from '../infra/guestbook/book';
import { renderEventBook } from '../services/guestbook/event-book';
import { publicOrigin } from '../http/public-origin';
import { readerFiles } from '../http/file-urls';
import type { Config } from '../config';
import type { EventRow, MessageRow } from '../db/schema';
import { newDeleteKey } from '../domain/delete-key';
import { removableItem } from '../http/guest-removal';
import { assertEventPin } from '../http/event-pin';
import { assertEventRoom } from '../services/event-quota';
import { audioLinkValid } from '../domain/guestbook/audio-link';
import { detectAudioType } from '../domain/guestbook/audio-type';
import { isPublished, messageAudioKey, messagePresenter, messageTexts, normaliseMessageText, presentMessage, readAudioSeconds } from '../domain/guestbook/messages';
import { newId } from '../domain/ids';
import { normaliseUserId } from '../domain/upload-rules';
import { assertGalleryOpen, assertUploadsOpen } from '../domain/visibility';
import { HttpError, messages, notFound } from '../errors';
import { multipartError, tooLarge } from '../http/multipart';
import { rateLimited } from '../http/upload-rate-limit';
import { findEvent } from '../repositories/events';
import { eventAccess, readsAsTeam } from '../services/team/event-access';
import type { Permission } from '../domain/team/roles';
import { uploadPlace } from '../domain/printables/places';
import { deleteMessage, findMessageWithOwner, insertMessage, listMessages, setMessageFlags } from '../repositories/messages';
import { contentTypeOf } from '../infra/storage';
import { chooseRange } from './files';

/**
 * Issue 26: the guestbook ('Recados'). Messages belong to the event and obey its rules as photos do:
 * sending needs the upload window open, the PIN, room in the event's quota and the client's upload
 * rate budget; reading needs the gallery open to guests ('Só envio' and 'Revelar em' close it) and the
 * PIN. The owner reads everything, hides, approves and deletes; the guest who sent a message removes
 * it with its delete key.
 */
const messageRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const settings = config.guestbook;

  const announceChanged = (eventId: string, rows: MessageRow[]) =>
    app.realtime.announceMessages(eventId, rows, messagePresenter(app.jwtSecret)).catch((error: unknown) => app.log.warn({ err: error }, 'could not announce messages'));

  const eventBook = (request: FastifyRequest, event: EventRow) =>
    renderEventBook({ db: app.db, storage: app.storage, secret: app.jwtSecret, linkTtlSeconds: settings.audioLinkTtlSeconds, origin: publicOrigin(request, config) }, event);

  /**
   * The event, and whether the caller reads it as its team does (issue 27: the owner, a co-organiser or
   * a moderator: every message, with its flags); guests must pass the PIN.
   */
  async function eventFor(request: FastifyRequest, eventId: string): Promise<{ event: EventRow; owner: boolean }> {
    const event = await findEvent(app.db, eventId);
    if (!event) throw notFound(messages.eventNotFound);
    const organiserId = (await app.optionalOrganiser(request))?.id ?? null;
    const owner = await readsAsTeam(app.db, event.id, organiserId);
    if (!owner) await assertEventPin(app.db, request, event.id, organiserId);
    return { event, owner };
  }

  /** Issue 27: the team member's right on the message's event; outside the team the message does not exist. */
  async function allowed(eventId: string, organiserId: string, permission: Permission): Promise<void> {
    try {
      await eventAccess(app.db, eventId, organiserId, permission);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) throw notFound(messageTexts.notFound);
      throw error;
    }
  }

  app.route({
    ...route(endpoints.postMessage),
    config: rateLimited,
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, messages.multipartExpected);
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > settings.maxAudioBytes + 256 * 1024) throw tooLarge(reply, messageTexts.audioTooLarge);
      const { event } = await eventFor(request, request.params.id);
      assertUploadsOpen(event);
      // A full event refuses before anything is read.
      await assertEventRoom(app.db, event.id, config.uploads, { files: 0, bytes: 0 });

      const fields: Record<string, string> = {};
      let audio: Buffer | null = null;
      try {
        const parts = request.parts({ limits: { fileSize: settings.maxAudioBytes, files: 2, fields: 10, fieldSize: 16 * 1024, parts: 12 } });
        for await (const part of parts) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            continue;
          }
          const bytes = await part.toBuffer();
          if (part.fieldname !== 'audio' || bytes.length === 0) continue;
          if (audio) throw new HttpError(400, messageTexts.oneAudio);
          audio = bytes;
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(reply, messageTexts.audioTooLarge);
        throw multipartError(error, 1, reply);
      }

      const userId = normaliseUserId(fields.user_id);
      if (!userId) throw new HttpError(400, messages.userIdRequired);
      const text = normaliseMessageText(fields.text);
      const type = audio ? detectAudioType(audio) : null;
      if (audio && !type) throw new HttpError(415, messageTexts.notAudio);
      if (!text && !audio) throw new HttpError(400, messageTexts.empty);
      const seconds = audio ? readAudioSeconds(fields.audio_seconds, settings) : null;
      if (audio) await assertEventRoom(app.db, event.id, config.uploads, { files: 0, bytes: audio.length });

      const id = newId.message();
      const key = audio && type ? messageAudioKey(event.id, id, type.ext) : null;
      if (audio && key) await app.storage.put(key, audio, type!.mime);
      const deleteKey = newDeleteKey();
      const pending = Number(event.messages_require_approval) === 1;
      let row: MessageRow;
      try {
        row = await insertMessage(app.db, {
          id,
          event_id: event.id,
          user_id: userId,
          text,
          audio_path: key,
          audio_type: type?.mime ?? null,
          audio_seconds: seconds,
          audio_bytes: audio?.length ?? null,
          audio_processing: audio ? 1 : 0,
          pending: pending ? 1 : 0,
          // Issue 28: the place of the QR code the guest came from, sent from its cookie as uploads do.
          place: uploadPlace(fields.place),
          delete_key_hash: deleteKey.hash,
          created_at: new Date().toISOString(),
        });
      } catch (error) {
        if (key) await app.storage.remove(key).catch(() => undefined);
        throw error;
      }
      if (audio) await app.media.enqueue([id]);
      await announceChanged(event.id, [row]);
      // Issue 27 item 5: a message waiting for approval alerts the organisers who asked for it.
      if (pending) app.alerts.photosPending(event.id);
      // Issue 27 item 6: the event's webhook hears it as the owner reads it.
      app.webhooks.messageCreated(event.id, presentMessage(row, 'owner', app.jwtSecret));
      return reply.status(201).send({
        ...presentMessage(row, 'guest'),
        ...(pending ? { pending: true } : {}),
        delete_key: deleteKey.key,
        message: pending ? messageTexts.pending : messageTexts.stored,
      });
    },
  });

  app.route({ ...route(endpoints.listMessages), handler: async (request, reply) => {
    const { event, owner } = await eventFor(request, request.params.id);
    if (!owner) assertGalleryOpen(event);
    reply.header('cache-control', 'no-store');
    const rows = await listMessages(app.db, event.id, owner ? 'owner' : 'guest');
    // Issue 22's file rule: guests' voice-note URLs carry the reader's grant (the PIN, the wall link).
    const reader = owner ? null : await readerFiles(app, request, event.id, null);
    return rows.map((row) => presentMessage(row, owner ? 'owner' : 'guest', app.jwtSecret, reader?.urls));
  } });

  /** A message of an event the caller moderates (issue 27: owner, co-organiser, moderator), or 404 (outside the team it does not exist). */
  async function moderatedMessage(request: FastifyRequest, id: string) {
    const message = await findMessageWithOwner(app.db, id);
    if (!message) throw notFound(messageTexts.notFound);
    await allowed(message.event_id, request.organiser!.id, 'photos.moderate');
    const { organiser_id: _owner, ...row } = message;
    return row;
  }

  app.route({
    ...route(endpoints.moderateMessage),
    preHandler: app.requireOrganiser,
    handler: async (request) => {
      const row = await moderatedMessage(request, request.params.messageId);
      const flags: { hidden?: 0 | 1; pending?: 0 } = {};
      if (request.body.hidden !== undefined) flags.hidden = request.body.hidden ? 1 : 0;
      if (request.body.pending === false) flags.pending = 0;
      await setMessageFlags(app.db, row.id, flags);
      app.fileAccess.invalidate();
      const after: MessageRow = { ...row, ...flags };
      // Guests' open pages drop a message that stops being published at once.
      if (isPublished(row) && !isPublished(after)) app.realtime.announceMessagesRemoved(row.event_id, [row.id]);
      await announceChanged(row.event_id, [after]);
      return presentMessage(after, 'owner', app.jwtSecret);
    },
  });

  app.route({ ...route(endpoints.removeMessage), handler: async (request) => {
    const message = await removableItem(
      app,
      request,
      await findMessageWithOwner(app.db, request.params.messageId),
      { notFound: messageTexts.notFound, wrongKey: messageTexts.wrongKey, notAllowed: messageTexts.removalNotAllowed },
      (eventId, organiserId) => allowed(eventId, organiserId, 'photos.moderate'),
    );
    await deleteMessage(app.db, message.id);
    app.fileAccess.invalidate();
    for (const file of [message.audio_path, message.audio_m4a_path]) if (file) await app.storage.remove(file).catch(() => undefined);
    app.realtime.announceMessagesRemoved(message.event_id, [message.id]);
    return { status: 200, message: messageTexts.removed };
  } });

  // 'Livro de recados': the printable PDF of the published messages (owner, or a download ticket with `book`).
  app.route({ ...route(endpoints.guestbookPdf), handler: async (request, reply) => {
    const organiserId = await downloadHolder(app, request, request.query.ticket, { eventId: request.params.id, book: true });
    // The ticket's holder is asked again (issue 27): a member removed since the ticket was made gets nothing.
    const { event } = await eventAccess(app.db, request.params.id, organiserId, 'downloads');
    const pdf = await eventBook(request, event);
    const fileName = `${safeName(`${bookTexts.title} - ${event.name}`, 'recados')}.pdf`;
    return sendAttachment(reply, 'application/pdf', fileName, pdf);
  } });

  // A voice note through an expiring signed link: the book's QR codes and the owner's player.
  app.route({
    ...route(endpoints.messageAudio),
    handler: async (request, reply) => playSigned(request, request.params.messageId, request.query, reply),
  });

  async function playSigned(request: FastifyRequest, messageId: string, query: SignedAudioQuery, reply: FastifyReply) {
    if (!audioLinkValid(messageId, query.exp, query.sig, app.jwtSecret)) throw new HttpError(403, messageTexts.linkInvalid);
    const message = await findMessageWithOwner(app.db, messageId);
    const key = message?.audio_m4a_path ?? message?.audio_path;
    if (!key) throw notFound(messageTexts.notFound);
    const info = await app.storage.head(key);
    if (!info) throw notFound(messages.fileNotFound);
    // Byte ranges: Safari plays audio only from a server that answers them.
    const range = chooseRange(request, info);
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${info.size}`);
      throw new HttpError(416, messages.rangeNotSatisfiable);
    }
    const file = await app.storage.get(key, range ?? undefined);
    if (!file) throw notFound(messages.fileNotFound);
    reply
      .header('content-type', contentTypeOf(key))
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
    reply.header('content-length', String(range ? range.end - range.start + 1 : info.size));
    return reply.send(file.body);
  }
};

export default messageRoutes;
