import { PHOTO_PREVIEW_EDGE } from '@momentos/app-manifest/dist/photo-preview';
import type { Kysely } from 'kysely';
import type { Database, PhotoRow } from '../db/schema';
import { HttpError, messages, notFound } from '../errors';
import { previewKeyOf, type PreviewHeader } from '../domain/photo-preview';
import type { Storage } from '../infra/storage';
import { findPhoto, showPreview } from '../repositories/photos';

// Issue 29 item 7: in a burst, a photo's first copies wait for the server's CPU behind the others'
// (docs/decisions.md, 'The first copies' cost'). The guest's phone has the photo in hand and makes a
// small copy of it, sent with the photo (services/ingest.ts) or, for a photo stored without it, here
// after the answer: the photo is on every wall and gallery at once. The server's own copies replace
// it when its job has made them (media-job.ts, finishFirstCopies).

export const previewTexts = {
  shown: 'Prévia recebida.',
  needsKey: 'Só quem enviou a foto pode enviar a prévia dela.',
  notPreview: `A prévia deve ser uma imagem WebP ou JPEG de até ${PHOTO_PREVIEW_EDGE} px.`,
  tooLarge: 'A prévia é grande demais.',
  missing: "Envie a prévia no campo 'preview'.",
  notPhoto: 'Só fotos recebem prévia.',
  late: 'A foto já tem suas miniaturas.',
} as const;

export interface PreviewDeps {
  db: Kysely<Database>;
  storage: Storage;
  /** Tells the photo's viewers of its copies (`photos_updated`), as its job would; never throws. */
  announce: (photoId: string) => Promise<void>;
}

/**
 * Shows the guest's preview as the grid copies of a photo still processing: stored under a key of its
 * own, then one conditional update. When the photo's job was first (or the photo is gone), the file is
 * removed and the answer is 409 (404). A crash between the two leaves a file no row names: the orphan
 * sweep's.
 */
export async function showGuestPreview(deps: PreviewDeps, photo: PhotoRow, bytes: Buffer, header: PreviewHeader): Promise<void> {
  if (photo.file_type !== 'image') throw new HttpError(400, previewTexts.notPhoto);
  if (Number(photo.processing) !== 1) throw new HttpError(409, previewTexts.late);
  const key = previewKeyOf(photo.original_path, header.type);
  await deps.storage.put(key, bytes, header.type);
  if (!(await showPreview(deps.db, photo.id, key))) {
    await deps.storage.remove(key);
    throw (await findPhoto(deps.db, photo.id)) ? new HttpError(409, previewTexts.late) : notFound(messages.photoNotFound);
  }
  await deps.announce(photo.id);
}
