import type { Kysely } from 'kysely';

// Issue 26: the guestbook ('Recados'), hearts on photos and the organiser's favourites.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    /** The guest's typed name (the one used for uploads). */
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    /** The voice note as sent (storage key under events/<id>/messages/), its MIME type, and its AAC rendition. */
    .addColumn('audio_path', 'text')
    .addColumn('audio_type', 'text')
    .addColumn('audio_m4a_path', 'text')
    /** Length of the voice note in seconds, as the browser measured it (bounded by MESSAGE_MAX_AUDIO_SECONDS). */
    .addColumn('audio_seconds', 'integer')
    /** The voice note's bytes as sent: counted in the event's EVENT_MAX_BYTES. */
    .addColumn('audio_bytes', 'bigint')
    /** 1 while the AAC rendition is being made. */
    .addColumn('audio_processing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
    /** Issue 28 fills it ("where it was said"); nullable until then. */
    .addColumn('place', 'text')
    .addColumn('delete_key_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_event_idx').on('messages').columns(['event_id', 'created_at']).execute();

  await db.schema
    .createTable('photo_reactions')
    .addColumn('photo_id', 'text', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    /** SHA-256 (hex) of the device identifier the guest's browser keeps: one heart per device per photo. */
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_reactions_pk', ['photo_id', 'device_hash'])
    .execute();

  await db.schema.alterTable('photos').addColumn('favorite', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('events').addColumn('messages_require_approval', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('photo_reactions').ifExists().execute();
  await db.schema.dropTable('messages').ifExists().execute();
  await db.schema.alterTable('photos').dropColumn('favorite').execute();
  await db.schema.alterTable('events').dropColumn('messages_require_approval').execute();
}
