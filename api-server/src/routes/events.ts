import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { Config } from '../config';
import type { EventRow } from '../db/schema';
import { fileUrl, storageKeys } from '../domain/files';
import { detectImageType } from '../domain/image-type';
import { normaliseInviteCode } from '../domain/invite-code';
import { HttpError, messages, notFound } from '../errors';
import { describeValidation } from '../plugins/errors';
import { createEvent, deleteEvent, findEventOf, listEventsOf, updateEvent, type EventFields } from '../repositories/events';
import { errorResponse, idParams, messageResponse } from '../schemas/common';

export const MAX_EVENT_IMAGE_BYTES = 5 * 1024 * 1024;

const eventObject = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    code: { type: 'string' },
    name: { type: 'string' },
    date: { type: 'string' },
    location: { type: 'string' },
    contact: { type: 'string' },
    image: { type: ['string', 'null'] },
  },
} as const;

/** Fields of the event form (multipart or JSON). `image` as text (an old URL, 'null'…) is ignored. */
const eventFieldsSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2})?$' },
    location: { type: 'string', minLength: 1, maxLength: 300 },
    contact: { type: 'string', format: 'email', maxLength: 320 },
  },
  required: ['name', 'date', 'location', 'contact'],
} as const;

/** 'YYYY-MM-DD HH:mm' when the text names a real date and time, else null. */
export function normaliseEventDate(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60;
  return real ? `${match[1]}-${match[2]}-${match[3]} ${match[4]}:${match[5]}` : null;
}

export const presentEvent = (row: EventRow) => ({
  id: row.id,
  code: row.code,
  name: row.name,
  date: row.date,
  location: row.location,
  contact: row.contact,
  image: row.image_path ? fileUrl(row.image_path) : null,
});

interface EventForm {
  fields: EventFields;
  image: { bytes: Buffer; ext: string } | null;
}

/** Reads the form: multipart (fields + optional image ≤ 5 MB) or JSON (fields only), validated by schema. */
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
    Object.assign(raw, request.body);
    delete raw.image;
  } else {
    throw new HttpError(400, messages.multipartExpected);
  }

  const validate = request.compileValidationSchema(eventFieldsSchema);
  if (!validate(raw)) throw new HttpError(400, describeValidation(validate.errors ?? [], 'body'));
  const date = normaliseEventDate(raw.date as string);
  if (!date) throw new HttpError(400, "O campo 'date' não é uma data válida (use AAAA-MM-DD HH:mm).");

  let stored: EventForm['image'] = null;
  if (image) {
    const type = detectImageType(image);
    if (!type) throw new HttpError(400, messages.notAnImage);
    stored = { bytes: image, ext: type.ext };
  }
  const text = (key: string) => (raw[key] as string).trim();
  const fields = { name: text('name'), date, location: text('location'), contact: text('contact') };
  if (!fields.name || !fields.location) throw new HttpError(400, 'Nome e local do evento são obrigatórios.');
  return { fields, image: stored };
}

/** The origin invite links point to: PUBLIC_URL, else the caller's Origin header, else this request's own origin. */
function publicOrigin(request: FastifyRequest, config: Config): string {
  if (config.publicUrl) return config.publicUrl;
  const origin = request.headers.origin;
  if (origin && /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(origin)) return origin;
  return `${request.protocol}://${request.host}`;
}

const eventRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const owned = async (request: FastifyRequest, id: string) => {
    const event = await findEventOf(app.db, request.organiser!.id, id);
    if (!event) throw notFound(messages.eventNotFound);
    return event;
  };

  async function storeImage(eventId: string, image: NonNullable<EventForm['image']>): Promise<string> {
    const key = `${storageKeys.eventFolder(eventId)}/image-${randomBytes(8).toString('hex')}.${image.ext}`;
    await app.storage.put(key, image.bytes);
    return key;
  }

  const auth = { preHandler: app.requireOrganiser };

  app.get('/api/events', { ...auth, schema: { response: { 200: { type: 'array', items: eventObject }, '4xx': errorResponse } } }, async (request) => {
    const events = await listEventsOf(app.db, request.organiser!.id);
    return events.map(presentEvent);
  });

  app.post('/api/events', { ...auth, schema: { response: { 201: eventObject, '4xx': errorResponse } } }, async (request, reply) => {
    const form = await readEventForm(request);
    let event = await createEvent(app.db, request.organiser!.id, form.fields);
    if (form.image) {
      const key = await storeImage(event.id, form.image);
      await updateEvent(app.db, event.id, { image_path: key });
      event = { ...event, image_path: key };
    }
    return reply.status(201).send(presentEvent(event));
  });

  app.get<{ Params: { id: string } }>(
    '/api/events/:id',
    { ...auth, schema: { params: idParams('id'), response: { 200: { type: 'array', items: eventObject }, '4xx': errorResponse } } },
    async (request) => [presentEvent(await owned(request, request.params.id))],
  );

  app.put<{ Params: { id: string } }>(
    '/api/events/:id',
    { ...auth, schema: { params: idParams('id'), response: { 200: eventObject, '4xx': errorResponse } } },
    async (request) => {
      const event = await owned(request, request.params.id);
      const form = await readEventForm(request);
      // Editing without a new image keeps the current one.
      let imagePath = event.image_path;
      if (form.image) imagePath = await storeImage(event.id, form.image);
      await updateEvent(app.db, event.id, { ...form.fields, image_path: imagePath });
      if (form.image && event.image_path) await app.storage.remove(event.image_path);
      return presentEvent({ ...event, ...form.fields, image_path: imagePath });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/events/:id',
    { ...auth, schema: { params: idParams('id'), response: { 200: messageResponse, '4xx': errorResponse } } },
    async (request) => {
      const event = await owned(request, request.params.id);
      const photoKeys = await deleteEvent(app.db, event.id);
      await Promise.all(photoKeys.map((key) => app.storage.remove(key)));
      await app.storage.removePrefix(storageKeys.eventFolder(event.id));
      return { status: 200, message: 'O evento foi excluído com sucesso.' };
    },
  );

  // The QR code of the invite link, for the organiser's share dialog (DESIGN §6). Accepts the code or the event id.
  app.get<{ Params: { code: string } }>(
    '/api/events/share/:code',
    {
      ...auth,
      schema: {
        params: { type: 'object', properties: { code: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } }, required: ['code'] },
        response: { 200: { type: 'object', properties: { qrcode: { type: 'string' }, link: { type: 'string' } } }, '4xx': errorResponse },
      },
    },
    async (request, reply: FastifyReply) => {
      const organiserId = request.organiser!.id;
      const param = request.params.code;
      const event =
        (await findEventOf(app.db, organiserId, param)) ??
        (await app.db
          .selectFrom('events')
          .selectAll()
          .where('code', '=', normaliseInviteCode(param))
          .where('organiser_id', '=', organiserId)
          .executeTakeFirst());
      if (!event) throw notFound(messages.eventNotFound);

      const link = `${publicOrigin(request, config)}/invite/${event.code}`;
      const digest = createHash('sha256').update(link).digest('hex').slice(0, 16);
      const key = `${storageKeys.eventFolder(event.id)}/qrcode-${digest}.png`;
      if (!(await app.storage.head(key))) {
        const png = await QRCode.toBuffer(link, { type: 'png', width: 512, margin: 2, errorCorrectionLevel: 'M' });
        await app.storage.put(key, png);
      }
      reply.header('cache-control', 'no-store');
      return { qrcode: fileUrl(key), link };
    },
  );
};

export default eventRoutes;
