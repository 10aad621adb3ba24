import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findPhotoWithAlbum } from '../../repositories/photos';
import type { RealtimeHub } from './hub';

/**
 * Issue 24: tells a photo's viewers its state now (`photos_updated`), read from its row, to this
 * instance's sockets and through the bus to the others'. Nothing for a photo that is gone. Used by the
 * media jobs and by the guest's preview (issue 29).
 */
export async function announcePhotoUpdate(db: Kysely<Database>, realtime: Pick<RealtimeHub, 'announceUpdated'>, photoId: string): Promise<void> {
  const photo = await findPhotoWithAlbum(db, photoId);
  if (photo) await realtime.announceUpdated({ id: photo.album_id, event_id: photo.event_id, is_public: photo.is_public }, [photo]);
}
