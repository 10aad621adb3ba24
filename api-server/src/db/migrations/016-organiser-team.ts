import { sql, type Kysely } from 'kysely';

// Issue 23 item 2 and issue 27: sessions that end, the organiser's name, teams with roles, invite
// links, password-reset links, notification settings and webhooks.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A token names its session; logout deletes it, a password change deletes all of the organiser's.
  await db.schema
    .createTable('organiser_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organiser_id', 'text', (col) => col.notNull().references('organisers.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('organiser_sessions_organiser').on('organiser_sessions').column('organiser_id').execute();

  await db.schema.alterTable('organisers').addColumn('name', 'text', (col) => col.notNull().defaultTo(sql`''`)).execute();

  // The one-time setup codes (SHA-256) the instances printed at start, valid until the first organiser.
  await db.schema
    .createTable('setup_codes')
    .addColumn('code_hash', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('setup_codes').execute();
  await db.schema.alterTable('organisers').dropColumn('name').execute();
  await db.schema.dropTable('organiser_sessions').execute();
}
