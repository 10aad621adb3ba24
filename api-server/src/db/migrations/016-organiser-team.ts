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

  // Co-hosts: the owner stays `events.organiser_id`; the team holds the others with their role.
  await db.schema
    .createTable('event_members')
    .addColumn('event_id', 'text', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('organiser_id', 'text', (col) => col.notNull().references('organisers.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('event_members_pk', ['event_id', 'organiser_id'])
    .execute();
  await db.schema.createIndex('event_members_organiser').on('event_members').column('organiser_id').execute();

  // Invite links: single use, 7 days, revocable; the token is shown once and kept as its SHA-256.
  await db.schema
    .createTable('team_invites')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('event_id', 'text', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('invited_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('team_invites_event').on('team_invites').column('event_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('team_invites').execute();
  await db.schema.dropTable('event_members').execute();
  await db.schema.dropTable('setup_codes').execute();
  await db.schema.alterTable('organisers').dropColumn('name').execute();
  await db.schema.dropTable('organiser_sessions').execute();
}
