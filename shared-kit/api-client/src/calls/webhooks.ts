import type { StatusMessage, WebhookDelivery, WebhookEventType, WebhookInput, WebhookSaved, WebhookState } from '@momentos/api-contract';
import { request } from '../http/api-result';

export type { WebhookDelivery, WebhookEventType, WebhookInput, WebhookSaved, WebhookState };

const path = (value: string) => encodeURIComponent(value);

/** GET /api/events/{id}/webhook (issue 27 item 6, the owner): the webhook, its last 20 deliveries and the events sent. */
export function getWebhook(eventId: string) {
  return request<WebhookState>({ method: 'GET', url: `/api/events/${path(eventId)}/webhook` });
}

/** PUT /api/events/{id}/webhook: saves the URL; when the webhook is new the answer has its secret (shown once). */
export function saveWebhook(eventId: string, input: WebhookInput) {
  return request<WebhookSaved>({ method: 'PUT', url: `/api/events/${path(eventId)}/webhook`, data: input });
}

/** POST /api/events/{id}/webhook/secret: a new secret (shown once); the old one stops signing at once. */
export function regenerateWebhookSecret(eventId: string) {
  return request<WebhookSaved>({ method: 'POST', url: `/api/events/${path(eventId)}/webhook/secret` });
}

export function deleteWebhook(eventId: string) {
  return request<StatusMessage>({ method: 'DELETE', url: `/api/events/${path(eventId)}/webhook` });
}
