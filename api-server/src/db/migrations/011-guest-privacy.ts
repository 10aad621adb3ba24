import type { Kysely } from 'kysely';

// Issue 22: what guests take home. The organiser may keep the originals to themselves, and guests
// get a copy of each original without the place where it was taken.
export async function up(db: Kysely<unknown>): Promise<void> {
  /** 'Convidados podem baixar as fotos' (0/1): guests may fetch the originals; on by default. */
  await db.schema.alterTable('events').addColumn('guest_downloads', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  /**
   * Storage key of the guests' copy of the original (location metadata removed, nothing re-encoded);
   * the original's own key when it carries no location; null until made.
   */
  await db.schema.alterTable('photos').addColumn('guest_path', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').dropColumn('guest_path').execute();
  await db.schema.alterTable('events').dropColumn('guest_downloads').execute();
}
