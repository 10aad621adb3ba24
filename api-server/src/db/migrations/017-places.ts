import type { Kysely } from 'kysely';

// Issue 28: where a photo was sent from ('Mesa 5', from a place's QR code); null without a place.
// A chunk session keeps it until its photo exists.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').addColumn('place', 'text').execute();
  await db.schema.alterTable('upload_sessions').addColumn('place', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('upload_sessions').dropColumn('place').execute();
  await db.schema.alterTable('photos').dropColumn('place').execute();
}
