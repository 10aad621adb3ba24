import type { Kysely } from 'kysely';

// Issue 27 item 4: password-reset links (single use, valid 1 hour); the token is kept as its SHA-256.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('organiser_id', 'text', (col) => col.notNull().references('organisers.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_organiser').on('password_resets').column('organiser_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
}
