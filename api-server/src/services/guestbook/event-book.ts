import type { Kysely } from 'kysely';
import type { Database, EventRow } from '../../db/schema';
import { listMessages } from '../../repositories/messages';
import type { Storage } from '../../infra/storage';
import { signedAudioPath } from '../../domain/guestbook/audio-link';
import { renderBook } from '../../infra/guestbook/book';

/** The event's book: its published messages, oldest first, voice notes as QR codes of expiring links. */
export async function renderEventBook(
  deps: { db: Kysely<Database>; storage: Pick<Storage, 'get'>; secret: string; linkTtlSeconds: number; origin: string },
  event: EventRow,
): Promise<Buffer> {
  const rows = (await listMessages(deps.db, event.id, 'guest')).reverse();
  return renderBook({
    event,
    messages: rows,
    storage: deps.storage,
    audioLink: (message) => `${deps.origin}${signedAudioPath(message.id, deps.secret, deps.linkTtlSeconds)}`,
  });
}

