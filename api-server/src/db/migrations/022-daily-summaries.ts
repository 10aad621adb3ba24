import type { Kysely } from 'kysely';

// Issue 27 item 5 ('Resumo diário'): per organiser, the period the last daily summary covered. A run
// claims the next period with a conditional write before sending (two instances or a double trigger
// send one e-mail); a send that fails puts the previous period back. No row: the next summary covers
// at most the last 24 hours (the row goes when the organiser switches the summary off).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('daily_summaries')
    .addColumn('organiser_id', 'text', (col) => col.primaryKey().references('organisers.id').onDelete('cascade'))
    // ISO instants: what arrived at or after period_start and before period_end was summarised.
    .addColumn('period_start', 'text', (col) => col.notNull())
    .addColumn('period_end', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('daily_summaries').execute();
}
