import type { Kysely } from 'kysely';

// Issue 16: anonymous upload requests counted per client in the database, so that every server
// instance enforces one shared UPLOAD_RATE_LIMIT (as login failures are counted, migration 003).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('request_counts')
    /** SHA-256 of `<purpose>:<client address>`: the table holds no address in clear. */
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    /** When the window ends, in milliseconds since the epoch. */
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('request_counts_reset_idx').on('request_counts').column('reset_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('request_counts').ifExists().execute();
}
