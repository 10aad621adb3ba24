import { Type, type Static } from '@sinclair/typebox';
import { IdParam, ID_PATTERN, NullableString } from './common';

/** An event (spec §3). `date` is 'YYYY-MM-DD HH:mm'; `image` a file URL relative to the API origin, or null. */
export const EventItem = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  date: Type.String(),
  location: Type.String(),
  contact: Type.String(),
  image: NullableString,
});
export type EventItem = Static<typeof EventItem>;

/** `GET /api/events` and `GET /api/events/{id}` (a list whose one item is the event). */
export const EventList = Type.Array(EventItem);
export type EventList = Static<typeof EventList>;

/**
 * The fields of the event form (`POST /api/events`, `PUT /api/events/{id}`), sent as multipart with
 * an optional `image` file part, or as JSON without it.
 */
export const EventFields = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  /** 'YYYY-MM-DD HH:mm' (seconds and a 'T' separator are accepted). */
  date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2})?$' }),
  location: Type.String({ minLength: 1, maxLength: 300 }),
  contact: Type.String({ format: 'email', maxLength: 320 }),
});
export type EventFields = Static<typeof EventFields>;

/** `/api/events/{id}`. */
export const EventParams = Type.Object({ id: IdParam });
export type EventParams = Static<typeof EventParams>;

/** `/api/events/share/{code}`: the invite code or the event id. */
export const ShareParams = Type.Object({ code: Type.String({ pattern: ID_PATTERN }) });
export type ShareParams = Static<typeof ShareParams>;

/**
 * The share call's answer: the QR image's file URL and the invite link it encodes. This server always
 * sends the link; spec §3's QR response is the image URL alone, so clients do without it.
 */
export const QrCodeResponse = Type.Object({
  qrcode: Type.String(),
  link: Type.Optional(Type.String()),
});
export type QrCodeResponse = Static<typeof QrCodeResponse>;
