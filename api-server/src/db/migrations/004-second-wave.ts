import type { Kysely } from 'kysely';

// The second wave (DESIGN.md §7): content identity and guest undo (issue 10), moderation and
// approval (issue 11). One migration for both so that their columns exist before either lands.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('photos')
    /** SHA-256 (hex) of the original's bytes, computed while it streamed to storage. */
    .addColumn('content_sha256', 'text')
    .execute();
  /** SHA-256 (hex) of the guest's delete key; the key itself is shown once and never stored. */
  await db.schema.alterTable('photos').addColumn('delete_key_hash', 'text').execute();
  /** Hidden by the organiser: out of every guest list, update and announcement. */
  await db.schema.alterTable('photos').addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  /** Waiting for the organiser's approval (albums that require it): seen by the owner only. */
  await db.schema.alterTable('photos').addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('albums').addColumn('requires_approval', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // The same bytes are stored once per album. NULLs are distinct in a unique index on both
  // databases, so rows not yet hashed (the backfill) never collide.
  await db.schema.createIndex('photos_content_idx').unique().on('photos').columns(['album_id', 'content_sha256']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('photos_content_idx').ifExists().execute();
  for (const column of ['content_sha256', 'delete_key_hash', 'hidden', 'pending']) {
    await db.schema.alterTable('photos').dropColumn(column).execute();
  }
  await db.schema.alterTable('albums').dropColumn('requires_approval').execute();
}
