import type { Kysely } from 'kysely';

// Issue 27 item 5: each organiser's alert switches (off by default), and when the 'Fotos aguardando
// aprovação' e-mail last went to an organiser for an event (at most one per 15 minutes, claimed atomically).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organiser_notifications')
    .addColumn('organiser_id', 'text', (col) => col.primaryKey().references('organisers.id').onDelete('cascade'))
    .addColumn('pending_photos', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('daily_summary', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('pending_alerts')
    .addColumn('organiser_id', 'text', (col) => col.notNull().references('organisers.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('pending_alerts_pk', ['organiser_id', 'event_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_alerts').execute();
  await db.schema.dropTable('organiser_notifications').execute();
}
