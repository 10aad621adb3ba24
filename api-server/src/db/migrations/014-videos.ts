import type { Kysely } from 'kysely';

// Videos that play everywhere and photos in the order they were taken (issue 25):
// - `playback_path`: a video's browser-safe rendition (H.264/AAC MP4, `<id>-playback.mp4` next to the
//   original), made by the media queue's video lane; `playback_error` when it could not be made.
// - `duration` (seconds), `width`, `height` (as displayed, rotation applied) of a video, from ffprobe.
// - `taken_at`: the capture time (EXIF DateTimeOriginal with its offset, a video's QuickTime creation
//   date) as an ISO UTC instant, null when unknown; `metadata_read` says it was looked for (rows stored
//   before this migration are read by the backfill at start).
// - events.video_max_seconds: the event's own video length limit; null means the server's VIDEO_MAX_SECONDS.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').addColumn('playback_path', 'text').execute();
  await db.schema.alterTable('photos').addColumn('playback_error', 'text').execute();
  await db.schema.alterTable('photos').addColumn('duration', 'double precision').execute();
  await db.schema.alterTable('photos').addColumn('width', 'integer').execute();
  await db.schema.alterTable('photos').addColumn('height', 'integer').execute();
  await db.schema.alterTable('photos').addColumn('taken_at', 'text').execute();
  await db.schema.alterTable('photos').addColumn('metadata_read', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('photos_album_taken_at').on('photos').columns(['album_id', 'taken_at']).execute();
  await db.schema.alterTable('events').addColumn('video_max_seconds', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('photos_album_taken_at').execute();
  for (const column of ['playback_path', 'playback_error', 'duration', 'width', 'height', 'taken_at', 'metadata_read']) {
    await db.schema.alterTable('photos').dropColumn(column).execute();
  }
  await db.schema.alterTable('events').dropColumn('video_max_seconds').execute();
}
