import type { Kysely } from 'kysely';

// Issue 27 item 6: one webhook per event (its URL and its signing secret) and its deliveries, each with
// the exact body it sends (every attempt signs and sends the same bytes) and where its attempts stand.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('event_id', 'text', (col) => col.notNull().unique().references('events.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    // Kept as is: every delivery signs with it (HMAC-SHA256). Shown to the owner once, when made.
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('webhook_id', 'text', (col) => col.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    // 'pending' (waiting for an attempt), 'delivered' (a 2xx) or 'failed' (every attempt spent).
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('response_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_webhook').on('webhook_deliveries').columns(['webhook_id', 'created_at']).execute();
  await db.schema.createIndex('webhook_deliveries_status').on('webhook_deliveries').column('status').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
}
