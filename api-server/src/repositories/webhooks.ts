import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, WebhookDeliveriesTable, WebhooksTable } from '../db/schema';

export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

/** Deliveries the tab lists (the newest first); older ones are removed as new ones arrive. */
export const DELIVERIES_KEPT = 20;

export function findWebhookForEvent(db: Kysely<Database>, eventId: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('event_id', '=', eventId).executeTakeFirst();
}

/** Creates the event's webhook, or changes its URL (the secret stays). Answers the row and whether it is new. */
export async function saveWebhook(db: Kysely<Database>, eventId: string, url: string, newSecret: () => string): Promise<{ webhook: WebhookRow; created: boolean }> {
  const now = new Date().toISOString();
  const existing = await findWebhookForEvent(db, eventId);
  if (existing) {
    await db.updateTable('webhooks').set({ url, updated_at: now }).where('id', '=', existing.id).execute();
    return { webhook: { ...existing, url, updated_at: now }, created: false };
  }
  const webhook: WebhookRow = { id: `whk_${randomUUID()}`, event_id: eventId, url, secret: newSecret(), created_at: now, updated_at: now };
  await db.insertInto('webhooks').values(webhook).execute();
  return { webhook, created: true };
}

export async function replaceSecret(db: Kysely<Database>, webhookId: string, secret: string): Promise<void> {
  await db.updateTable('webhooks').set({ secret, updated_at: new Date().toISOString() }).where('id', '=', webhookId).execute();
}

export async function deleteWebhook(db: Kysely<Database>, eventId: string): Promise<boolean> {
  const found = await findWebhookForEvent(db, eventId);
  if (!found) return false;
  await db.deleteFrom('webhook_deliveries').where('webhook_id', '=', found.id).execute();
  await db.deleteFrom('webhooks').where('id', '=', found.id).execute();
  return true;
}

/** Records a delivery waiting for its first attempt, and drops that webhook's deliveries past the newest DELIVERIES_KEPT. */
export async function insertDelivery(db: Kysely<Database>, delivery: { id: string; webhook_id: string; event_type: string; body: string }): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('webhook_deliveries')
    .values({ ...delivery, status: 'pending', attempts: 0, response_status: null, error: null, next_attempt_at: now, created_at: now, updated_at: now })
    .execute();
  const keep = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('webhook_id', '=', delivery.webhook_id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(DELIVERIES_KEPT)
    .execute();
  if (keep.length === DELIVERIES_KEPT) {
    await db
      .deleteFrom('webhook_deliveries')
      .where('webhook_id', '=', delivery.webhook_id)
      .where(
        'id',
        'not in',
        keep.map((row) => row.id),
      )
      .execute();
  }
}

/** A delivery with the URL and secret its webhook has now (a changed URL or secret applies to retries). */
export function findDeliveryToSend(db: Kysely<Database>, deliveryId: string) {
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
    .select(['webhook_deliveries.id', 'webhook_deliveries.body', 'webhook_deliveries.status', 'webhook_deliveries.attempts', 'webhook_deliveries.event_type', 'webhooks.url', 'webhooks.secret', 'webhooks.event_id'])
    .where('webhook_deliveries.id', '=', deliveryId)
    .executeTakeFirst();
}

export async function recordAttempt(
  db: Kysely<Database>,
  deliveryId: string,
  outcome: { status: 'pending' | 'delivered' | 'failed'; attempts: number; responseStatus: number | null; error: string | null; nextAttemptAt: string | null },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: outcome.status,
      attempts: outcome.attempts,
      response_status: outcome.responseStatus,
      error: outcome.error,
      next_attempt_at: outcome.nextAttemptAt,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', deliveryId)
    .execute();
}

export function recentDeliveries(db: Kysely<Database>, webhookId: string): Promise<WebhookDeliveryRow[]> {
  return db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(DELIVERIES_KEPT).execute();
}

/** At start (in-process queue): deliveries still waiting, with when their next attempt is due. */
export function pendingDeliveries(db: Kysely<Database>) {
  return db.selectFrom('webhook_deliveries').select(['id', 'next_attempt_at']).where('status', '=', 'pending').execute();
}
