import type { Kysely } from 'kysely';

// Issue 12: the live wall's link. An event has at most one; the table keeps only the SHA-256 of its
// token (the link is shown once to the organiser, who can make a new one or revoke it).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('wall_token_hash', 'text').execute();
  await db.schema.createIndex('events_wall_token_idx').on('events').column('wall_token_hash').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_wall_token_idx').execute();
  await db.schema.alterTable('events').dropColumn('wall_token_hash').execute();
}
