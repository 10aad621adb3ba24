import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isAssetKey, messageIdOfKey, photoIdOfKey, type FileSubject } from '../domain/file-access';
import { isPreviewKeyOf } from '../domain/photo-preview';
import { can, type TeamRole } from '../domain/team/roles';

/** Issue 27: the event's team members who may view its photos and messages. */
async function viewingTeam(db: Kysely<Database>, eventId: string): Promise<string[]> {
  const members = await db.selectFrom('event_members').select(['organiser_id', 'role']).where('event_id', '=', eventId).execute();
  return members.filter((member) => can(member.role as TeamRole, 'photos.view')).map((member) => member.organiser_id);
}

/** What a file's subject takes from its event, for a message's audio and a photo's files alike. */
const EVENT_COLUMNS = [
  'events.id as event_id',
  'events.organiser_id',
  'events.visibility',
  'events.reveal_at',
  'events.uploads_close_at',
  'events.pin',
  'events.wall_token_hash',
] as const;

interface EventRow {
  event_id: string;
  organiser_id: string;
  visibility: string;
  reveal_at: string | null;
  uploads_close_at: string | null;
  pin: string | null;
  wall_token_hash: string | null;
}

/** The event's part of a subject: who owns and views it, its rules, PIN and wall link. */
async function eventPart(db: Kysely<Database>, row: EventRow) {
  return {
    eventId: row.event_id,
    organiserId: row.organiser_id,
    teamIds: await viewingTeam(db, row.event_id),
    rules: { visibility: row.visibility, reveal_at: row.reveal_at, uploads_close_at: row.uploads_close_at },
    pin: row.pin,
    wallTokenHash: row.wall_token_hash,
  };
}

async function readMessageSubject(db: Kysely<Database>, key: string, messageId: string): Promise<FileSubject | null> {
  const row = await db
    .selectFrom('messages')
    .innerJoin('events', 'events.id', 'messages.event_id')
    .select([
      'messages.id',
      'messages.audio_path',
      'messages.audio_m4a_path',
      'messages.hidden',
      'messages.pending',
      ...EVENT_COLUMNS,
    ])
    .where('messages.id', '=', messageId)
    .executeTakeFirst();
  if (!row || (key !== row.audio_path && key !== row.audio_m4a_path)) return null;
  return {
    kind: 'message',
    messageId: row.id,
    ...(await eventPart(db, row)),
    published: Number(row.hidden) === 0 && Number(row.pending) === 0,
  };
}

async function readSubject(db: Kysely<Database>, key: string): Promise<FileSubject | null> {
  if (isAssetKey(key)) return { kind: 'asset' };
  const messageId = messageIdOfKey(key);
  if (messageId) return readMessageSubject(db, key, messageId);
  const photoId = photoIdOfKey(key);
  if (!photoId) return null;
  const row = await db
    .selectFrom('photos')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .innerJoin('events', 'events.id', 'albums.event_id')
    .select([
      'photos.id',
      'photos.original_path',
      'photos.compressed_path',
      'photos.display_path',
      'photos.thumb_path',
      'photos.guest_path',
      // Issue 25: a video's playback rendition is one of its renditions.
      'photos.playback_path',
      'photos.file_type',
      'photos.hidden',
      'photos.pending',
      'albums.is_public',
      ...EVENT_COLUMNS,
      'events.guest_downloads',
    ])
    .where('photos.id', '=', photoId)
    .executeTakeFirst();
  if (!row) return null;
  // Only the files the row names now: an old rendition replaced by a new one is no file of the photo.
  const isOriginal = key === row.original_path || key === row.guest_path;
  const named = isOriginal || key === row.compressed_path || key === row.display_path || key === row.thumb_path || key === row.playback_path;
  // But for a guest's preview (issue 29), which a wall or grid may ask for just after the job replaced
  // it (told of the preview a moment before the job's announcement): the grid copy that replaced it.
  const replacement = !named && isPreviewKeyOf(key, row.original_path) ? row.compressed_path : null;
  if (!named && !replacement) return null;
  return {
    kind: 'photo',
    photoId: row.id,
    ...(await eventPart(db, row)),
    file: isOriginal ? 'original' : 'rendition',
    ...(replacement ? { replacement } : {}),
    fileType: row.file_type === 'video' ? 'video' : 'image',
    guestPath: row.guest_path,
    published: Number(row.is_public) === 1 && Number(row.hidden) === 0 && Number(row.pending) === 0,
    guestDownloads: Number(row.guest_downloads) !== 0,
  };
}

/** Files' states, kept a few seconds per key (a photo grid asks for many files at once); cleared by any change on this instance. */
export class FileAccessIndex {
  private readonly entries = new Map<string, { at: number; subject: Promise<FileSubject | null> }>();

  constructor(
    private readonly db: Kysely<Database>,
    /** On several instances, the longest another instance's change takes to be seen here. */
    readonly ttlMs = 3000,
    private readonly maxEntries = 10_000,
  ) {}

  lookUp(key: string, now = Date.now()): Promise<FileSubject | null> {
    const entry = this.entries.get(key);
    if (entry && now - entry.at < this.ttlMs) return entry.subject;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const subject = readSubject(this.db, key);
    this.entries.set(key, { at: now, subject });
    subject.catch(() => this.entries.delete(key));
    return subject;
  }

  /** Forgets one key's state (its file was replaced since it was read). */
  forget(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every state: called after a change of moderation, an album, an event's rules, PIN or wall link. */
  invalidate(): void {
    this.entries.clear();
  }
}
