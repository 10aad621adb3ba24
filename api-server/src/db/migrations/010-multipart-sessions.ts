import type { Kysely } from 'kysely';

// Issue 14: with S3 a chunk session is a multipart upload of the bucket, so any instance takes any
// chunk. The session keeps the store's upload id, each received chunk the part's entity tag that
// completing the upload names.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('upload_sessions').addColumn('upload_id', 'text').execute();
  await db.schema.alterTable('upload_chunks').addColumn('etag', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('upload_chunks').dropColumn('etag').execute();
  await db.schema.alterTable('upload_sessions').dropColumn('upload_id').execute();
}
