import type { Kysely } from 'kysely';

// Renditions (DESIGN.md §7, issue 13): `compressed_path` becomes the grid rendition (≤ 640 px) and
// `display_path` the screen rendition (≤ 2048 px) for the lightbox, the presentation and the wall;
// an event image gets a 1200×630 card for link previews and the guest's welcome. Rows made before
// this migration are filled in by the backfill at start (domain/renditions-backfill.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').addColumn('display_path', 'text').execute();
  await db.schema.alterTable('events').addColumn('image_card_path', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').dropColumn('display_path').execute();
  await db.schema.alterTable('events').dropColumn('image_card_path').execute();
}
