import type { Kysely } from 'kysely';

// Portable types only (text, integer, bigint): the same migration runs on SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organisers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organiser_id', 'text', (c) => c.notNull().references('organisers.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('image_path', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_organiser_idx').on('events').column('organiser_id').execute();

  await db.schema
    .createTable('albums')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_available', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('albums_event_idx').on('albums').column('event_id').execute();

  await db.schema
    .createTable('photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('original_path', 'text', (c) => c.notNull())
    .addColumn('compressed_path', 'text')
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('processing', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('error', 'text')
    .addColumn('client_file_name', 'text')
    .addColumn('client_file_size', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photos_album_idx').on('photos').columns(['album_id', 'created_at']).execute();
  // Idempotency key of an upload (DESIGN §6): album + client file name + size.
  await db.schema
    .createIndex('photos_idempotency_idx')
    .unique()
    .on('photos')
    .columns(['album_id', 'client_file_name', 'client_file_size'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['photos', 'albums', 'events', 'organisers']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
