import type { Kysely } from 'kysely';

// Issue 29: a third rendition, `thumb_path` (WebP, ≤ 320 px on the long edge), for the phone grid's
// tiles, next to compressed_path (≤ 640 px) and display_path. Rows made before this migration get it
// from the start's backfill (domain/media-job.ts), made from their stored grid rendition.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').addColumn('thumb_path', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').dropColumn('thumb_path').execute();
}
