import type { Kysely } from 'kysely';

// Issue 12: an optional PIN (4 to 8 digits) that guests type once per device; the organiser sees it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('pin', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('pin').execute();
}
