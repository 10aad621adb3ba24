import type { Kysely } from 'kysely';

// Failed logins counted in the database, so every server instance sees the same counts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    /** SHA-256 of `ip:<address>` or `email:<address>`: the table holds no address in clear. */
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    /** When the window ends, in milliseconds since the epoch. */
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_reset_idx').on('login_failures').column('reset_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_failures').ifExists().execute();
}
