import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages, notFound } from '../../errors';
import { findEventOwner } from '../../repositories/events';
import { findMessageByAudioKey } from '../../repositories/messages';
import { assertGalleryOpen } from '../visibility';
import { isPublished } from './messages';

/**
 * Issue 26: who may read a voice-note file (`events/<id>/messages/…`) by its plain file URL: anyone
 * who may read its message as a guest, that is a published message of an event whose gallery is
 * open to guests. The owner plays every message (hidden and pending too) through the signed links
 * of their list, and so do the book's QR codes. A file no message points at is not served.
 */
export async function assertMessageFileReadable(app: FastifyInstance, request: FastifyRequest, key: string): Promise<void> {
  const message = await findMessageByAudioKey(app.db, key);
  if (!message) throw notFound(messages.fileNotFound);
  const organiser = await app.optionalOrganiser(request);
  if (organiser) {
    const owner = await findEventOwner(app.db, message.event_id);
    if (owner?.organiser_id === organiser.id) return;
  }
  if (!isPublished(message)) throw notFound(messages.fileNotFound);
  assertGalleryOpen(message);
}
