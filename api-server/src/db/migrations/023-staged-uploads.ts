import type { Kysely } from 'kysely';

// Issue 24 item 3: a chunk session's file is written where its photo will be. The photo's id is chosen
// when the session opens (`planned_photo_id`) and, with S3, the multipart upload is started under the
// photo's own key as the declared type names it (`upload_key`), so finalize copies nothing when the
// bytes agree. Without a known declared type it assembles under `uploads/<session>` as before
// (`upload_key` null for sessions opened before this migration means that key too).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('upload_sessions').addColumn('planned_photo_id', 'text').execute();
  await db.schema.alterTable('upload_sessions').addColumn('upload_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('upload_sessions').dropColumn('upload_key').execute();
  await db.schema.alterTable('upload_sessions').dropColumn('planned_photo_id').execute();
}
