import type { Kysely } from 'kysely';

// Issue 23: a chunk session remembers the (hashed) address that opened it, so that one address holds
// at most CHUNK_SESSIONS_PER_IP open sessions; sessions and photos keep the SHA-256 of the client key
// the sender chose for the file, which the stored-files lookup must be given back before it answers.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('upload_sessions').addColumn('client_hash', 'text').execute();
  await db.schema.alterTable('upload_sessions').addColumn('client_key_hash', 'text').execute();
  await db.schema.createIndex('upload_sessions_client_idx').on('upload_sessions').column('client_hash').execute();
  await db.schema.alterTable('photos').addColumn('client_key_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').dropColumn('client_key_hash').execute();
  await db.schema.dropIndex('upload_sessions_client_idx').execute();
  await db.schema.alterTable('upload_sessions').dropColumn('client_key_hash').execute();
  await db.schema.alterTable('upload_sessions').dropColumn('client_hash').execute();
}
