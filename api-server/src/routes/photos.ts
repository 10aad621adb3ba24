import { endpoints, type UploadFields } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { AlbumRow } from '../db/schema';
import { findUploadAlbum, readableAlbumIds } from '../services/albums';
import { admitUpload } from '../http/upload-admission';
import { isEventId } from '../domain/ids';
import { assertGalleryOpen } from '../domain/visibility';
import { assertEventPin } from '../http/event-pin';
import { findEventRules, findEventRulesOfAlbum } from '../repositories/events';
import { findStored, originalKey, storeUploads, type ReceivedFile } from '../services/ingest';
import { detectMediaType, type MediaType } from '../domain/media-type';
import { videoLengthReader } from '../services/video-limit';
import { newId } from '../domain/ids';
import {
  emptyFilesMessage,
  fileTooLargeMessage,
  normaliseClientFileName,
  normaliseUserId,
  notMediaMessage,
  tooManyFilesMessage,
  totalTooLargeMessage,
} from '../domain/upload-rules';
import { PHOTO_PREVIEW_MAX_BYTES } from '@momentos/app-manifest/dist/photo-preview';
import { previewFits } from '../domain/photo-preview';
import { readPreviewHeader } from '../infra/media/preview-header';
import { uploadPlace } from '../domain/printables/places';
import { rateLimited } from '../http/upload-rate-limit';
import { HttpError, messages } from '../errors';
import { boundedBytes, multipartError, refuseBody, tooLarge } from '../http/multipart';
import { clientKeyHash, invalidClientKeyMessage, isClientKey } from '../domain/client-key';
import { presentOwnedPhoto, presentPhoto, presentUpdate, presentUpload, uploadMessage } from '../http/present';
import { albumRefused } from '../http/refusals';
import { readerFileUrls, readerFiles } from '../http/file-urls';
import { listPhotos, listUploaders, photosByIds } from '../repositories/photos';
import { heartsOfAlbums } from '../repositories/reactions';
import type { BytesKept } from '../infra/receive';

/** Multipart overhead allowed above the total file limit before a Content-Length is refused outright. */
const MULTIPART_SLACK = 1024 * 1024;

const isUploadField = (name: string): name is keyof UploadFields => name === 'album_id' || name === 'user_id' || name === 'place';

const photosRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const limits = config.uploads;
  const ffprobe = config.media.video.ffprobePath;

  app.route({ ...route(endpoints.uploadPhotos), config: rateLimited, handler: async (request, reply) => {
    if (!request.isMultipart()) throw new HttpError(400, messages.multipartExpected);
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limits.maxTotalBytes + MULTIPART_SLACK) {
      throw tooLarge(reply, totalTooLargeMessage(limits.maxTotalBytes));
    }

    const fields: Partial<UploadFields> = {};
    /** Each file as it arrived: its staged bytes (aborted at the end unless committed) and what it is. */
    const received: Array<Omit<ReceivedFile, 'type'> & { photoId: string; type: MediaType | null }> = [];
    /** Issue 23: the client key sent just before the next file part. */
    let nextClientKey: string | undefined;
    let album: AlbumRow | null = null;
    let total = 0;

    /** As soon as both fields are known the album is checked, before any file is read. */
    const checkFields = async () => {
      if (album || fields.album_id === undefined || fields.user_id === undefined) return;
      if (!normaliseUserId(fields.user_id)) throw new HttpError(400, messages.userIdRequired);
      // A full event refuses before any file is read.
      album = await admitUpload(app, limits, request, { albumId: fields.album_id.trim(), adding: { files: 0, bytes: 0 }, stage: 'open' });
    };

    try {
      const parts = request.parts({
        // Issue 29: each photo may be followed by its preview, so twice the parts; the files are counted below.
        limits: { fileSize: limits.maxFileBytes + 1, files: limits.maxFiles * 2, fields: 20, fieldSize: 64 * 1024, parts: limits.maxFiles * 2 + 20 },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname === 'client_key') {
            if (typeof part.value !== 'string' || !isClientKey(part.value)) throw refuseBody(reply, 400, invalidClientKeyMessage);
            nextClientKey = part.value;
            continue;
          }
          if (typeof part.value === 'string' && isUploadField(part.fieldname)) fields[part.fieldname] = part.value;
          await checkFields();
          continue;
        }
        if (part.fieldname === 'preview') {
          // Issue 29: the guest's preview of the file just before it. Best effort: one that does not
          // fit (too large, not a still WebP or JPEG of at most 640 px) is left out, never the upload.
          const bytes = await boundedBytes(part.file, PHOTO_PREVIEW_MAX_BYTES);
          const header = bytes ? await readPreviewHeader(bytes) : null;
          const last = received.at(-1);
          if (bytes && last && !last.preview && last.type?.kind === 'image' && previewFits(header)) last.preview = { bytes, type: header.type };
          continue;
        }
        if (received.length >= limits.maxFiles) throw tooLarge(reply, tooManyFilesMessage(limits.maxFiles));
        const clientName = normaliseClientFileName(part.filename);
        const keyHash = clientKeyHash(nextClientKey);
        nextClientKey = undefined;
        let size = 0;
        const count = (length: number) => {
          size += length;
          total += length;
          if (size > limits.maxFileBytes) throw tooLarge(reply, fileTooLargeMessage(clientName ?? '', limits.maxFileBytes));
          if (total > limits.maxTotalBytes) throw tooLarge(reply, totalTooLargeMessage(limits.maxTotalBytes));
        };
        const into = album as AlbumRow | null;
        const photoId = newId.photo();
        // With the album known the photo's key is too: the storage may stream the bytes straight there (S3).
        const keyFor = into ? (head: Buffer) => { const type = detectMediaType(head); return type ? originalKey(into, photoId, type) : null; } : undefined;
        // A video's length is read as it streams by (its index, or all of it on its way into the store).
        let duration: Promise<number | null | undefined> | undefined;
        const watch = (head: Buffer, kept: BytesKept) => {
          if (!ffprobe || detectMediaType(head)?.kind !== 'video') return null;
          const reader = videoLengthReader(ffprobe, head, kept);
          duration = reader?.length;
          return reader?.watcher ?? null;
        };
        const staged = await app.staging.receive(part.file, { onBytes: count, keyFor, watch });
        // Browsers send an empty, nameless part when nothing was picked.
        if (staged.size === 0 && !clientName) {
          await staged.abort();
          continue;
        }
        received.push({ staged, photoId, clientName, size: staged.size, type: detectMediaType(staged.head), sha256: staged.sha256, clientKeyHash: keyHash, duration });
      }

      const userId = fields.user_id === undefined ? null : normaliseUserId(fields.user_id);
      if (!userId) throw new HttpError(400, messages.userIdRequired);
      if (!fields.album_id?.trim()) throw new HttpError(400, "O campo 'album_id' é obrigatório.");
      await checkFields();
      if (received.length === 0) throw new HttpError(400, messages.noFiles);
      const empty = received.filter((file) => file.size === 0);
      if (empty.length > 0) throw new HttpError(400, emptyFilesMessage(empty.length));
      const typed: ReceivedFile[] = [];
      const refused: string[] = [];
      for (const { type, ...file } of received) {
        if (type) typed.push({ ...file, type });
        else refused.push(file.clientName ?? '');
      }
      if (refused.length > 0) throw new HttpError(415, notMediaMessage(refused));

      // Nothing of a request that would take the event past its quota is stored.
      const adding = { files: typed.length, bytes: typed.reduce((sum, file) => sum + file.size, 0) };
      const into = await admitUpload(app, limits, request, { albumId: album!.id, adding, stage: 'finalize' });
      const uploads = await storeUploads(app.ingest, into, userId, typed, { place: uploadPlace(fields.place) });
      const urls = await readerFileUrls(app, request, into.event_id, request.organiser?.id ?? null);
      return reply.status(201).send({ status: 201, message: uploadMessage(uploads), photos: uploads.map((upload) => presentUpload(upload, urls)) });
    } catch (error) {
      throw multipartError(error, limits.maxFiles, reply);
    } finally {
      // Whatever was not committed under a photo's key (refused, cut short, a duplicate) goes.
      await Promise.all(received.map((file) => file.staged.abort()));
    }
  } });

  app.route({
    ...route(endpoints.storedPhotos),
    config: rateLimited,
    handler: async (request) => {
      const found = await findUploadAlbum(app.db, request.body.album_id.trim());
      if (!found.ok) throw albumRefused(found.refusal);
      await assertEventPin(app.db, request, found.value.event_id, (await app.optionalOrganiser(request))?.id ?? null);
      const files = request.body.files.map((file) => ({ name: normaliseClientFileName(file.name) ?? '', size: file.size, clientKey: file.client_key }));
      const urls = await readerFileUrls(app, request, found.value.event_id, request.organiser?.id ?? null);
      const stored = await findStored(app.db, found.value.id, files);
      return {
        photos: stored.found.map((upload) => presentUpload(upload, urls)),
        withheld: stored.withheld.map((item) => ({ file_name: item.clientName, pending: item.pending })),
      };
    },
  });

  app.route({
    ...route(endpoints.listPhotos),
    handler: async (request) => {
      const readableBy = await readable(request, request.params.albumId);
      const { ids, audience, eventId } = request.query.public_only ? await readableAsGuest(request, request.params.albumId) : readableBy;
      const userId = request.query.user_id?.trim();
      // Issue 28: 'Filtrar por local', on the owner's lists.
      const place = audience === 'owner' ? (uploadPlace(request.query.place) ?? undefined) : undefined;
      const rows = await listPhotos(app.db, ids, userId ? userId : undefined, audience, undefined, request.query.order ?? 'recent', place);
      const reader = await readerFiles(app, request, eventId, audience === 'owner' ? request.organiser?.id ?? null : null);
      // Issue 26: the hearts of the photos that have any.
      const hearts = await heartsOfAlbums(app.db, ids);
      return rows.map((row) => {
        const item = audience === 'owner' ? presentOwnedPhoto(row, reader.urls) : presentPhoto(row, reader.urls, reader.downloadable);
        return hearts.has(row.id) ? { ...item, hearts: hearts.get(row.id)! } : item;
      });
    },
  });

  app.route({
    ...route(endpoints.photoUpdates),
    handler: async (request) => {
      const { ids: albumIds, audience, eventId } = await readable(request, request.params.albumId);
      const raw = request.query.ids;
      const ids = raw === undefined || raw.trim() === '' ? null : [...new Set(raw.split(',').map((id) => id.trim()).filter(Boolean))].slice(0, 1000);
      const urls = await readerFileUrls(app, request, eventId, audience === 'owner' ? request.organiser?.id ?? null : null);
      return (await photosByIds(app.db, albumIds, ids, audience)).map((row) => presentUpdate(row, urls));
    },
  });

  app.route({ ...route(endpoints.uploaders), handler: async (request) => {
    const { ids, audience } = await readable(request, request.params.albumId);
    return (await listUploaders(app.db, ids, audience)).map((userId) => ({ user_id: userId }));
  } });

  /** The albums of an album or event id as a guest sees them (public ones only), while the gallery is open to guests. */
  async function readableAsGuest(request: FastifyRequest, id: string) {
    const answer = await readableAlbumIds(app.db, id, null);
    if (!answer.ok) throw albumRefused(answer.refusal);
    await assertOpenToGuests(request, id, (await app.optionalOrganiser(request))?.id ?? null);
    return answer.value;
  }

  /** Issue 12: a gallery closed to guests ('Só envio', or before 'Revelar em') answers 403; so does a missing or wrong PIN. */
  async function assertOpenToGuests(request: FastifyRequest, id: string, organiserId: string | null) {
    const rules = isEventId(id) ? await findEventRules(app.db, id) : await findEventRulesOfAlbum(app.db, id);
    if (!rules) return;
    await assertEventPin(app.db, request, rules.id, organiserId);
    assertGalleryOpen(rules);
  }

  /** The albums an album or event id lets the caller (a guest, or the organiser of a valid token) read, and as whom. */
  async function readable(request: FastifyRequest, id: string) {
    const organiserId = (await app.optionalOrganiser(request))?.id ?? null;
    const answer = await readableAlbumIds(app.db, id, organiserId);
    if (!answer.ok) throw albumRefused(answer.refusal);
    if (answer.value.audience === 'guest') await assertOpenToGuests(request, id, organiserId);
    return answer.value;
  }
};

export default photosRoutes;
