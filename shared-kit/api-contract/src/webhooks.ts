import { Type, type Static } from '@sinclair/typebox';
import { NullableString, StringEnum } from './common';

// Issue 27 item 6: an event's webhook ('Integrações' tab, owner only) and its recent deliveries.

export const WebhookEventType = StringEnum(['photo.created', 'photo.removed', 'message.created'] as const);
export type WebhookEventType = Static<typeof WebhookEventType>;

export const WebhookDeliveryStatus = StringEnum(['pending', 'delivered', 'failed'] as const);
export type WebhookDeliveryStatus = Static<typeof WebhookDeliveryStatus>;

/** One delivery: its event, where its attempts stand, the last answer's HTTP status or error. */
export const WebhookDelivery = Type.Object({
  id: Type.String(),
  event_type: WebhookEventType,
  status: WebhookDeliveryStatus,
  attempts: Type.Integer(),
  response_status: Type.Union([Type.Integer(), Type.Null()]),
  error: NullableString,
  next_attempt_at: NullableString,
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookInfo = Type.Object({
  url: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type WebhookInfo = Static<typeof WebhookInfo>;

/** `GET /api/events/{id}/webhook`: the webhook (null when none) and its last 20 deliveries, newest first. The secret is never shown again. */
export const WebhookState = Type.Object({
  webhook: Type.Union([WebhookInfo, Type.Null()]),
  deliveries: Type.Array(WebhookDelivery),
  events: Type.Array(WebhookEventType),
});
export type WebhookState = Static<typeof WebhookState>;

/** `PUT /api/events/{id}/webhook`: the address (http or https, public unless WEBHOOK_ALLOW_PRIVATE). */
export const WebhookInput = Type.Object({ url: Type.String({ minLength: 1, maxLength: 2000 }) });
export type WebhookInput = Static<typeof WebhookInput>;

/** The saved webhook; `secret` only when it was just made (creation, regeneration): shown once. */
export const WebhookSaved = Type.Object({
  webhook: WebhookInfo,
  secret: Type.Optional(Type.String()),
});
export type WebhookSaved = Static<typeof WebhookSaved>;
