import { DELETE_KEY_HEADER, endpoints } from '@momentos/api-contract';
import { PHOTO_PREVIEW_MAX_BYTES } from '@momentos/app-manifest/dist/photo-preview';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { route } from '../http/endpoint-route';
import { multipartError, tooLarge } from '../http/multipart';
import { deleteKeyMatches } from '../domain/delete-key';
import { HttpError, messages, notFound } from '../errors';
import { readPreviewHeader } from '../infra/media/preview-header';
import { findPhotoWithAlbum } from '../repositories/photos';
import { previewFits } from '../domain/photo-preview';
import { previewTexts, showGuestPreview, type PreviewDeps } from '../services/photo-preview';
import { announcePhotoUpdate } from '../services/realtime/photo-update';

/**
 * Issue 29: the guest's preview of a photo they just sent (`PUT /api/events/photos/{id}/preview`, the
 * upload's delete key in `x-delete-key`, one file part `preview`): shown as its grid copies until the
 * server's own are made. Best effort for the phone: a refusal changes nothing of the photo.
 */
const photoPreviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps: PreviewDeps = {
    db: app.db,
    storage: app.storage,
    // Shown is shown: a failed announcement is logged, and the viewers catch up from their lists.
    announce: (photoId) => announcePhotoUpdate(app.db, app.realtime, photoId).catch((error: unknown) => app.log.warn({ err: error, photoId }, 'could not announce the preview')),
  };

  app.route({
    ...route(endpoints.photoPreview),
    handler: async (request, reply) => {
      const key = request.headers[DELETE_KEY_HEADER];
      if (typeof key !== 'string') throw new HttpError(403, previewTexts.needsKey);
      const photo = await findPhotoWithAlbum(app.db, request.params.photoId);
      if (!photo) throw notFound(messages.photoNotFound);
      if (!deleteKeyMatches(key, photo.delete_key_hash)) throw new HttpError(403, previewTexts.needsKey);
      if (!request.isMultipart()) throw new HttpError(400, messages.multipartExpected);

      let bytes: Buffer | null = null;
      try {
        const parts = request.parts({ limits: { fileSize: PHOTO_PREVIEW_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
        for await (const part of parts) {
          if (part.type === 'file' && part.fieldname === 'preview') bytes = await part.toBuffer();
          else if (part.type === 'file') part.file.resume();
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(reply, previewTexts.tooLarge);
        throw multipartError(error, 1, reply);
      }
      if (!bytes || bytes.length === 0) throw new HttpError(400, previewTexts.missing);
      const header = await readPreviewHeader(bytes);
      if (!previewFits(header)) throw new HttpError(415, previewTexts.notPreview);

      const { event_id: _event, is_public: _public, organiser_id: _owner, ...row } = photo;
      await showGuestPreview(deps, row, bytes, header);
      return { status: 200, message: previewTexts.shown };
    },
  });
};

export default photoPreviewRoutes;
