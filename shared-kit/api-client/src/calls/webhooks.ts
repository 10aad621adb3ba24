import type { WebhookDelivery, WebhookEventType, WebhookInput, WebhookSaved, WebhookState } from '@momentos/api-contract';
import { call } from '../http/api-result';

export type { WebhookDelivery, WebhookEventType, WebhookInput, WebhookSaved, WebhookState };

/** GET /api/events/{id}/webhook (issue 27 item 6, the owner): the webhook, its last 20 deliveries and the events sent. */
export function getWebhook(eventId: string) {
  return call('GET /api/events/:id/webhook', { params: { id: eventId } });
}

/** PUT /api/events/{id}/webhook: saves the URL; when the webhook is new the answer has its secret (shown once). */
export function saveWebhook(eventId: string, input: WebhookInput) {
  return call('PUT /api/events/:id/webhook', { params: { id: eventId }, body: input });
}

/** POST /api/events/{id}/webhook/secret: a new secret (shown once); the old one stops signing at once. */
export function regenerateWebhookSecret(eventId: string) {
  return call('POST /api/events/:id/webhook/secret', { params: { id: eventId } });
}

export function deleteWebhook(eventId: string) {
  return call('DELETE /api/events/:id/webhook', { params: { id: eventId } });
}
