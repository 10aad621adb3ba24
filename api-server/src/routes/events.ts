import { endpoints, EventFields } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { MAX_EVENT_IMAGE_BYTES, normaliseEventDate, type EventImage } from '../domain/events';
import { inviteQrCode, removeEvent, storeEventImage } from '../services/events';
import { fileUrl } from '../domain/files';
import { detectImageType } from '../domain/image-type';
import { normaliseInviteCode } from '../domain/invite-code';
import { HttpError, messages, notFound } from '../errors';
import { publicOrigin } from '../http/public-origin';
import { defaultRules, readEventRules } from '../domain/visibility';
import { readPin } from '../domain/event-pin';
import { readVideoMaxSeconds } from '../services/video-limit';
import { presentEventFor, presentEventWithStats, presentGuestEvent, withImageCopies } from '../http/present';
import { welcomeImageKeyOf } from '../domain/welcome-image';
import { WELCOME_IMAGE_WIDTHS } from '@momentos/app-manifest/dist/welcome-image';
import { validFields } from '../http/validate';
import { createEvent, findEvent, findEvent as findEventById, findEventByCode, updateEvent } from '../repositories/events';
import { listEventsWithRole } from '../repositories/event-members';
import { requireEventRole } from '../http/event-role';
import type { Permission } from '../domain/team/roles';
import { eventPhotoStats } from '../repositories/photos';

interface EventForm {
  fields: Pick<EventFields, 'name' | 'date' | 'location' | 'contact'>;
  /** The visibility fields as sent (checked against the stored ones by readEventRules). */
  rules: Pick<EventFields, 'visibility' | 'reveal_at' | 'uploads_close_at' | 'pin' | 'guest_downloads' | 'messages_require_approval'>;
  image: EventImage | null;
  /** Issue 25: 'Duração máxima dos vídeos' as sent (undefined: not sent, kept). */
  videoMaxSeconds: EventFields['video_max_seconds'];
}

/** Reads the form: multipart (fields + optional image ≤ 5 MB) or JSON (fields only), validated by the contract. */
async function readEventForm(request: FastifyRequest): Promise<EventForm> {
  const raw: Record<string, unknown> = {};
  let image: Buffer | null = null;

  if (request.isMultipart()) {
    const parts = request.parts({ limits: { fileSize: MAX_EVENT_IMAGE_BYTES, files: 2, fields: 20, fieldSize: 64 * 1024, parts: 30 } });
    try {
      for await (const part of parts) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          // Browsers send an empty file part when nothing was picked.
          if (part.fieldname === 'image' && bytes.length > 0) image = bytes;
        } else if (part.fieldname !== 'image') {
          raw[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      // Limit errors carry their status (413); a malformed body from the parser does not.
      if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
      throw new HttpError(400, messages.malformedMultipart);
    }
  } else if (request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
    // `image` as text (an old URL, 'null'…) is ignored.
    Object.assign(raw, request.body);
    delete raw.image;
  } else {
    throw new HttpError(400, messages.multipartExpected);
  }

  const valid = validFields(request, EventFields, raw);
  const date = normaliseEventDate(valid.date);
  if (!date) throw new HttpError(400, "O campo 'date' não é uma data válida (use AAAA-MM-DD HH:mm).");

  let stored: EventImage | null = null;
  if (image) {
    const type = detectImageType(image);
    if (!type) throw new HttpError(400, messages.notAnImage);
    stored = { bytes: image, ext: type.ext };
  }
  const fields = { name: valid.name.trim(), date, location: valid.location.trim(), contact: valid.contact.trim() };
  if (!fields.name || !fields.location) throw new HttpError(400, 'Nome e local do evento são obrigatórios.');
  return {
    fields,
    rules: { visibility: valid.visibility, reveal_at: valid.reveal_at, uploads_close_at: valid.uploads_close_at, pin: valid.pin, guest_downloads: valid.guest_downloads, messages_require_approval: valid.messages_require_approval },
    image: stored,
    videoMaxSeconds: valid.video_max_seconds,
  };
}

const eventRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  /** Issue 27: the event when the caller's role grants `permission` (404 outside its team, 403 naming it). */
  const access = (request: FastifyRequest, id: string, permission: Permission) => requireEventRole(app.db, request, id, permission);

  const auth = { preHandler: app.requireOrganiser };
  const imageDeps = (request: FastifyRequest) => ({ storage: app.storage, maxInputPixels: config.media.maxInputPixels, log: request.log });

  // Guests: what any of them may know of an event, from any entry point (never the contact).
  app.route({ ...route(endpoints.publicEvent), handler: async (request, reply) => {
    const event = await findEvent(app.db, request.params.id);
    if (!event) throw notFound(messages.eventNotFound);
    // Shared caches may keep it briefly; an edited name shows within a minute.
    reply.header('cache-control', 'public, max-age=60');
    return presentGuestEvent(app.storage, event, config.media.video.maxSeconds);
  } });

  app.route({ ...route(endpoints.listEvents), ...auth, handler: async (request) => {
    // The events the organiser owns and those of the teams they belong to, each with their role.
    const events = await listEventsWithRole(app.db, request.organiser!.id);
    const stats = await eventPhotoStats(app.db, events.map((event) => event.id));
    return Promise.all(
      events.map(({ role, ...event }) => withImageCopies(app.storage, event, { ...presentEventWithStats(event, stats.get(event.id)), ...presentEventFor(event, role) })),
    );
  } });

  app.route({ ...route(endpoints.createEvent), ...auth, handler: async (request, reply) => {
    const form = await readEventForm(request);
    let event = await createEvent(app.db, request.organiser!.id, {
      ...form.fields,
      ...readEventRules(form.rules, defaultRules),
      pin: readPin(form.rules.pin, null),
      guest_downloads: form.rules.guest_downloads === false ? 0 : 1,
      video_max_seconds: readVideoMaxSeconds(form.videoMaxSeconds, null),
      messages_require_approval: form.rules.messages_require_approval ? 1 : 0,
    });
    if (form.image) {
      const stored = await storeEventImage(imageDeps(request), event.id, form.image);
      const paths = { image_path: stored.imagePath, image_card_path: stored.cardPath };
      await updateEvent(app.db, event.id, paths);
      event = { ...event, ...paths };
    }
    return reply.status(201).send(presentEventFor(event, 'owner'));
  } });

  app.route({ ...route(endpoints.getEvent), ...auth, handler: async (request) => {
    const { event, role } = await access(request, request.params.id, 'event.view');
    // Issue 25: the organiser's wall reads how long it plays a video from here.
    return [await withImageCopies(app.storage, event, { ...presentEventFor(event, role), wall_video_seconds: config.media.video.wallSeconds })];
  } });

  app.route({ ...route(endpoints.updateEvent), ...auth, handler: async (request) => {
    const { event, role } = await access(request, request.params.id, 'event.edit');
    const form = await readEventForm(request);
    // Editing without a new image keeps the current one (and its card).
    let paths = { image_path: event.image_path, image_card_path: event.image_card_path };
    if (form.image) {
      const stored = await storeEventImage(imageDeps(request), event.id, form.image);
      paths = { image_path: stored.imagePath, image_card_path: stored.cardPath };
    }
    const rules = {
      ...readEventRules(form.rules, event),
      pin: readPin(form.rules.pin, event.pin),
      guest_downloads: form.rules.guest_downloads === undefined ? event.guest_downloads : form.rules.guest_downloads ? 1 : 0,
      video_max_seconds: readVideoMaxSeconds(form.videoMaxSeconds, event.video_max_seconds),
      messages_require_approval: form.rules.messages_require_approval === undefined ? event.messages_require_approval : form.rules.messages_require_approval ? 1 : 0,
    };
    await updateEvent(app.db, event.id, { ...form.fields, ...rules, ...paths });
    // Issue 22: files and guest sockets follow the new rules, PIN and download setting at once.
    app.fileAccess.invalidate();
    await app.realtime.audienceChanged(event.id);
    if (form.image) {
      for (const old of new Set([event.image_path, event.image_card_path])) if (old) await app.storage.remove(old);
      // Issue 29: and the old card's welcome copies.
      if (event.image_card_path) for (const width of WELCOME_IMAGE_WIDTHS) await app.storage.remove(welcomeImageKeyOf(event.image_card_path, width));
    }
    return presentEventFor({ ...event, ...form.fields, ...rules, ...paths }, role);
  } });

  app.route({ ...route(endpoints.deleteEvent), ...auth, handler: async (request) => {
    const { event } = await access(request, request.params.id, 'event.delete');
    await removeEvent({ db: app.db, storage: app.storage, warn: (details, message) => request.log.warn(details, message) }, event.id);
    app.fileAccess.invalidate();
    await app.realtime.audienceChanged(event.id);
    return { status: 200, message: 'O evento foi excluído com sucesso.' };
  } });

  // The QR code of the invite link, for the organiser's share dialog (DESIGN §6). Accepts the code or the event id.
  app.route({ ...route(endpoints.shareQrCode), ...auth, handler: async (request, reply) => {
    const param = request.params.code;
    const byCode = (await findEventById(app.db, param)) ? null : await findEventByCode(app.db, normaliseInviteCode(param));
    const { event } = await access(request, byCode?.id ?? param, 'event.view');

    const link = `${publicOrigin(request, config)}/invite/${event.code}`;
    const key = await inviteQrCode(app.storage, event, link);
    reply.header('cache-control', 'no-store');
    return { qrcode: fileUrl(key), link };
  } });
};

export default eventRoutes;
