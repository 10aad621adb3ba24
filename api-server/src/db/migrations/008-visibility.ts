import type { Kysely } from 'kysely';

// Issue 12: who sees an event's photos, and when. `visibility` is 'open' (the spec's behaviour),
// 'upload_only' (guests send, only the organiser sees) or 'reveal' (closed until `reveal_at`);
// `uploads_close_at` ends sending. Dates are 'YYYY-MM-DD HH:mm', read as the event's own date is.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('visibility', 'text', (c) => c.notNull().defaultTo('open')).execute();
  await db.schema.alterTable('events').addColumn('reveal_at', 'text').execute();
  await db.schema.alterTable('events').addColumn('uploads_close_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['visibility', 'reveal_at', 'uploads_close_at']) await db.schema.alterTable('events').dropColumn(column).execute();
}
