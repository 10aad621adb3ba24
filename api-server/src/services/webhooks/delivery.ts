import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findDeliveryToSend, findWebhookForEvent, insertDelivery, recordAttempt } from '../../repositories/webhooks';
import { guardedLookup, hostOf, isPublicAddress, webhookMessages } from '../../infra/webhooks/address-guard';

/** The events a webhook receives. `message.created` is sent by the guestbook (see `WebhookEvents.messageCreated`). */
export const WEBHOOK_EVENT_TYPES = ['photo.created', 'photo.removed', 'message.created'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const SIGNATURE_HEADER = 'x-momentos-signature';
export const USER_AGENT = 'Momentos-Webhook/1';

/** A new signing secret: 32 random bytes, base64url, with a prefix that says what it is. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** `sha256=<hex HMAC-SHA256 of the raw body with the secret>`, the value of X-Momentos-Signature. */
export const signBody = (secret: string, body: string): string => `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

export interface WebhookSettings {
  allowPrivate: boolean;
  retryDelaysSeconds: number[];
  timeoutMs: number;
}

/** The body of every delivery: the event, what happened, the delivery's id and the item as the owner's API shows it. */
export function webhookBody(eventId: string, type: WebhookEventType, deliveryId: string, item: unknown): string {
  return JSON.stringify({ id: deliveryId, type, event_id: eventId, created_at: new Date().toISOString(), data: item });
}

/**
 * Records a delivery of `item` for the event's webhook (if it has one) and answers its id, to be queued;
 * the body is fixed now, so that every attempt sends (and signs) the same bytes.
 */
export async function recordDelivery(db: Kysely<Database>, eventId: string, type: WebhookEventType, item: unknown): Promise<string | null> {
  const webhook = await findWebhookForEvent(db, eventId);
  if (!webhook) return null;
  const id = `dlv_${randomUUID()}`;
  await insertDelivery(db, { id, webhook_id: webhook.id, event_type: type, body: webhookBody(eventId, type, id, item) });
  return id;
}

export interface AttemptResult {
  ok: boolean;
  responseStatus: number | null;
  error: string | null;
}

/** One POST of the body to the URL, through the address guard, within the timeout. Never throws. */
export function postOnce(urlText: string, body: string, secret: string, deliveryId: string, type: string, settings: Pick<WebhookSettings, 'allowPrivate' | 'timeoutMs'>): Promise<AttemptResult> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(urlText);
    } catch {
      return resolve({ ok: false, responseStatus: null, error: webhookMessages.invalidUrl });
    }
    const host = hostOf(url);
    // An address written as such is never looked up: it is checked here.
    if (net.isIP(host) && !settings.allowPrivate && !isPublicAddress(host)) return resolve({ ok: false, responseStatus: null, error: webhookMessages.privateAddress(host) });
    const client = url.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(settings.allowPrivate),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': USER_AGENT,
          'x-momentos-event': type,
          'x-momentos-delivery': deliveryId,
          [SIGNATURE_HEADER]: signBody(secret, body),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // The answer's body is not needed: read and dropped, at most until the timeout.
        response.resume();
        response.on('end', () => finish({ ok: status >= 200 && status < 300, responseStatus: status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` }));
        response.on('error', (error) => finish({ ok: false, responseStatus: status, error: error.message }));
      },
    );
    // The whole attempt, connection to the end of the answer, within the timeout.
    const timer = setTimeout(() => {
      finish({ ok: false, responseStatus: null, error: `Sem resposta em ${Math.round(settings.timeoutMs / 1000)} s.` });
      request.destroy();
    }, settings.timeoutMs);
    request.on('error', (error) => finish({ ok: false, responseStatus: null, error: error.message }));
    request.end(body);
  });
}

/**
 * Runs the delivery's next attempt and records it. Answers the pause before the next one (seconds), or
 * null when the delivery is over: a 2xx ends it, as does the last of 1 + retryDelays attempts.
 */
export async function attemptDelivery(db: Kysely<Database>, deliveryId: string, settings: WebhookSettings): Promise<number | null> {
  const delivery = await findDeliveryToSend(db, deliveryId);
  if (!delivery || delivery.status !== 'pending') return null;
  const result = await postOnce(delivery.url, delivery.body, delivery.secret, delivery.id, delivery.event_type, settings);
  const attempts = Number(delivery.attempts) + 1;
  const delay = result.ok ? null : (settings.retryDelaysSeconds[attempts - 1] ?? null);
  await recordAttempt(db, deliveryId, {
    status: result.ok ? 'delivered' : delay === null ? 'failed' : 'pending',
    attempts,
    responseStatus: result.responseStatus,
    error: result.error?.slice(0, 500) ?? null,
    nextAttemptAt: delay === null ? null : new Date(Date.now() + delay * 1000).toISOString(),
  });
  return delay;
}
