import type { Kysely } from 'kysely';
import type { AlbumRow, Database } from '../db/schema';
import type { Storage } from '../infra/storage';
import { storageKeys } from '../domain/files';
import { isEventId } from '../domain/ids';
import { albumIdsOf, deleteAlbum, findAlbumWithOwner, firstOpenAlbumOf, listAlbums, type AlbumWithOwner } from '../repositories/albums';
import { findEventOwner } from '../repositories/events';
import { removeStoredFiles } from './photo-removal';
import type { Audience } from '../repositories/photos';
import { HttpError, messages, notFound } from '../errors';
import { eventAccess, readsAsTeam } from './team/event-access';
import type { Permission } from '../domain/team/roles';

/** Why an album rule refused: the HTTP layer answers 404 for the first two, 403 for a closed album. */
export type AlbumRefusal = 'event-not-found' | 'album-not-found' | 'album-closed';

export type AlbumAnswer<T> = { ok: true; value: T } | { ok: false; refusal: AlbumRefusal };

const ok = <T>(value: T): AlbumAnswer<T> => ({ ok: true, value });
const refused = <T>(refusal: AlbumRefusal): AlbumAnswer<T> => ({ ok: false, refusal });

/**
 * The album a guest uploads into: an album id, or an event id meaning the event's first album open
 * for uploads (DESIGN §3). Refused when unknown or when it does not take uploads.
 */
export async function findUploadAlbum(db: Kysely<Database>, id: string): Promise<AlbumAnswer<AlbumWithOwner>> {
  if (isEventId(id)) {
    if (!(await findEventOwner(db, id))) return refused('event-not-found');
    const album = await firstOpenAlbumOf(db, id);
    return album ? ok(album) : refused('album-closed');
  }
  const album = await findAlbumWithOwner(db, id);
  if (!album) return refused('album-not-found');
  return Number(album.is_available) === 1 ? ok(album) : refused('album-closed');
}

/**
 * The album if the caller may see it: public albums for anyone, every album for the event's team
 * (issue 27: the owner and members whose role may view its photos); null otherwise. `team` says which.
 */
export async function findReadableAlbum(db: Kysely<Database>, albumId: string, organiserId: string | null): Promise<(AlbumWithOwner & { team: boolean }) | null> {
  const album = await findAlbumWithOwner(db, albumId);
  if (!album) return null;
  const team = await readsAsTeam(db, album.event_id, organiserId);
  return Number(album.is_public) === 1 || team ? { ...album, team } : null;
}

/** The album when the caller's role on its event grants `permission`: 404 outside the team, 403 naming it. */
export async function findAlbumFor(db: Kysely<Database>, albumId: string, organiserId: string, permission: Permission): Promise<AlbumWithOwner> {
  const album = await findAlbumWithOwner(db, albumId);
  if (!album) throw notFound(messages.albumNotFound);
  try {
    await eventAccess(db, album.event_id, organiserId, permission);
  } catch (error) {
    // Outside the team the album does not exist either.
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(messages.albumNotFound);
    throw error;
  }
  return album;
}

/** The albums a listing id covers (the album itself, or the readable albums of an event), and whether the caller reads them as the team. */
export async function readableAlbumIds(
  db: Kysely<Database>,
  id: string,
  organiserId: string | null,
): Promise<AlbumAnswer<{ ids: string[]; audience: Audience; eventId: string }>> {
  if (!isEventId(id)) {
    const album = await findReadableAlbum(db, id, organiserId);
    return album ? ok({ ids: [album.id], audience: album.team ? 'owner' : 'guest', eventId: album.event_id }) : refused('album-not-found');
  }
  const event = await findEventOwner(db, id);
  if (!event) return refused('event-not-found');
  const team = await readsAsTeam(db, id, organiserId);
  return ok({ ids: await albumIdsOf(db, id, !team), audience: team ? 'owner' : 'guest', eventId: event.id });
}

/** An event's albums as the caller may see them: all of them for its team, the public ones for anyone else. */
export async function visibleAlbums(
  db: Kysely<Database>,
  eventId: string,
  organiserId: string | null,
): Promise<{ ok: true; value: AlbumRow[]; owner: boolean } | { ok: false; refusal: AlbumRefusal }> {
  const event = await findEventOwner(db, eventId);
  if (!event) return { ok: false, refusal: 'event-not-found' };
  const team = await readsAsTeam(db, eventId, organiserId);
  return { ok: true, value: await listAlbums(db, event.id, !team), owner: team };
}

/** Deletes the album, its photos and its files (what cannot go is logged: removeStoredFiles). */
export async function removeAlbum(
  deps: { db: Kysely<Database>; storage: Storage; warn: (details: object, message: string) => void },
  album: Pick<AlbumRow, 'id' | 'event_id'>,
): Promise<void> {
  const keys = await deleteAlbum(deps.db, album.id);
  await removeStoredFiles(deps, keys, storageKeys.albumFolder(album.event_id, album.id));
}
