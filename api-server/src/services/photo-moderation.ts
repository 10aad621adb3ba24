import type { Kysely } from 'kysely';
import type { Database, PhotoRow } from '../db/schema';
import { setPhotoFlags } from '../repositories/photos';
import { HttpError } from '../errors';
import type { RemovedFrom } from './photo-removal';

export interface ModerationDeps {
  db: Kysely<Database>;
  /** Tells the album's open galleries of photos that appear (`new_photos`)... */
  announce: (album: RemovedFrom, photos: PhotoRow[]) => void;
  /** ...and of photos that leave (`photos_removed`). */
  announceRemoved: (album: RemovedFrom, ids: string[]) => void;
  /**
   * Issue 24: the photo as it is now (`photos_updated`): the owners' screens keep a hidden photo,
   * marked, and follow a team member's stars; guests hear only of photos they see.
   */
  announceUpdated?: (album: RemovedFrom, photos: PhotoRow[]) => void;
}

export interface ModerationChange {
  hidden?: boolean;
  /** Only `false` (approve): a published photo is never sent back to waiting. */
  pending?: false;
  /** Issue 26: the organiser's 'Favoritar'. */
  favorite?: boolean;
}

export const nothingToChangeMessage = "Informe o que mudar na foto: 'hidden' (true ou false), 'pending' (false) ou 'favorite' (true ou false).";

const published = (row: Pick<PhotoRow, 'hidden' | 'pending'>) => Number(row.hidden) === 0 && Number(row.pending) === 0;

/**
 * Applies the organiser's change to one photo and tells the guests' open galleries what it means to
 * them: a photo that stops being published (hidden) leaves them, one that becomes published (shown
 * again, or approved) arrives as a new photo. Answers the row as it is now.
 */
export async function moderatePhoto(deps: ModerationDeps, album: RemovedFrom, photo: PhotoRow, change: ModerationChange): Promise<PhotoRow> {
  // Issue 23: unknown fields are ignored (the schema drops them), so `{"foo": 1}` arrives as nothing to change.
  if (change.hidden === undefined && change.pending === undefined && change.favorite === undefined) throw new HttpError(400, nothingToChangeMessage);
  const flags: { hidden?: 0 | 1; pending?: 0; favorite?: 0 | 1 } = {};
  if (change.favorite !== undefined) flags.favorite = change.favorite ? 1 : 0;
  if (change.hidden !== undefined) flags.hidden = change.hidden ? 1 : 0;
  if (change.pending === false) flags.pending = 0;
  const before = published(photo);
  const after: PhotoRow = { ...photo, ...flags };
  await setPhotoFlags(deps.db, photo.id, flags);
  if (before && !published(after)) deps.announceRemoved(album, [photo.id]);
  if (!before && published(after)) deps.announce(album, [after]);
  deps.announceUpdated?.(album, [after]);
  return after;
}

