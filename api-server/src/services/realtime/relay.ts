import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { messagePresenter } from '../../domain/guestbook/messages';
import type { Announcement } from '../../infra/realtime-bus';
import { listMessages } from '../../repositories/messages';
import { photosByIds } from '../../repositories/photos';
import type { RealtimeHub } from './hub';

/** What relaying another instance's announcement needs. */
export interface RelayDeps {
  hub: RealtimeHub;
  db: Kysely<Database>;
  jwtSecret: string;
  /** Forgets the file-access answers cached here (an audience changed on another instance). */
  invalidateFileAccess: () => void;
}

/**
 * Several instances behind a load balancer: each delivers to its own sockets what another instance
 * announced on the bus (infra/realtime-bus.ts), reading the rows afresh (the bus carries ids only).
 */
export async function relayAnnouncement({ hub, db, jwtSecret, invalidateFileAccess }: RelayDeps, announcement: Announcement): Promise<void> {
  if (announcement.kind === 'member_removed') {
    if (announcement.organiserId) hub.dropMember(announcement.eventId, announcement.organiserId);
    return;
  }
  if (announcement.kind === 'audience_changed') {
    invalidateFileAccess();
    await hub.recheck(announcement.eventId);
    return;
  }
  if (hub.subscriberCount(announcement.albumId) + hub.subscriberCount(announcement.eventId) === 0) return;
  const album = { id: announcement.albumId, event_id: announcement.eventId, is_public: announcement.isPublic };
  if (announcement.kind === 'photos_removed') {
    hub.deliverRemoved(album, announcement.photoIds);
    return;
  }
  if (announcement.kind === 'messages_removed') {
    hub.deliverMessagesRemoved(announcement.eventId, announcement.photoIds);
    return;
  }
  if (announcement.kind === 'reactions') {
    hub.deliverReactions(album, announcement.photoIds[0], announcement.hearts ?? 0);
    return;
  }
  if (announcement.kind === 'photos_updated') {
    await hub.deliverUpdated(album, await photosByIds(db, [announcement.albumId], announcement.photoIds, 'owner'));
    return;
  }
  if (announcement.kind === 'new_messages') {
    const rows = await listMessages(db, announcement.eventId, 'owner', announcement.photoIds);
    await hub.deliverMessages(announcement.eventId, rows, messagePresenter(jwtSecret));
    return;
  }
  await hub.deliver(album, await photosByIds(db, [announcement.albumId], announcement.photoIds));
}
