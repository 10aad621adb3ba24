import type { Kysely } from 'kysely';

// Chunked upload sessions (spec §7 chunk calls) and the index the media worker resumes from.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('total_chunks', 'integer')
    .addColumn('chunk_size', 'bigint')
    /** Set once finalize stored the photo: a repeated finalize answers the same photo. */
    .addColumn('photo_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_sessions_updated_idx').on('upload_sessions').column('updated_at').execute();

  await db.schema
    .createTable('upload_chunks')
    .addColumn('session_id', 'text', (c) => c.notNull().references('upload_sessions.id').onDelete('cascade'))
    .addColumn('chunk_index', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_chunks_pk', ['session_id', 'chunk_index'])
    .execute();

  await db.schema.createIndex('photos_processing_idx').on('photos').column('processing').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('photos_processing_idx').ifExists().execute();
  await db.schema.dropTable('upload_chunks').ifExists().execute();
  await db.schema.dropTable('upload_sessions').ifExists().execute();
}
