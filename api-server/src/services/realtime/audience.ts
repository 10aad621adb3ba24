import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventRules } from '../../domain/visibility';
import { albumIdsOf } from '../../repositories/albums';

/** Issue 22: what a guest socket may still receive, read fresh from the database. */
export interface AudienceState {
  rules: EventRules;
  pin: string | null;
  wallTokenHash: string | null;
  /** The event's public albums. */
  publicAlbums: Set<string>;
  /** 'Convidados podem baixar as fotos'. */
  guestDownloads: boolean;
}

/** The event's audience as guest sockets are checked against it. */
export async function loadAudienceState(db: Kysely<Database>, eventId: string): Promise<AudienceState | null> {
  const event = await db
    .selectFrom('events')
    .select(['visibility', 'reveal_at', 'uploads_close_at', 'pin', 'wall_token_hash', 'guest_downloads'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!event) return null;
  const albums = await albumIdsOf(db, eventId, true);
  return {
    rules: { visibility: event.visibility, reveal_at: event.reveal_at, uploads_close_at: event.uploads_close_at },
    pin: event.pin,
    wallTokenHash: event.wall_token_hash,
    publicAlbums: new Set(albums),
    guestDownloads: Number(event.guest_downloads) !== 0,
  };
}
