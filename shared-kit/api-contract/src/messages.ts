import { Type, type Static } from '@sinclair/typebox';
import { extend, IdParam, NullableString, TicketParam } from './common';
import { MAX_USER_ID } from './photos';

// Issue 26: the guestbook ('Recados'): a guest's written message to the event, optionally with a
// voice note recorded in the browser.

/** Longest message text (characters, trimmed). */
export const MAX_MESSAGE_TEXT = 1000;

/** A voice note as it is played: the URL of its AAC rendition once made, else of the file as sent. */
export const MessageAudio = Type.Object({
  /** File URL (`/api/files?path=events/<id>/messages/…`): the `.m4a` rendition when made, else the original. */
  url: Type.String(),
  /** MIME type of `url` ('audio/mp4' for the rendition; the recorder's own type, e.g. 'audio/webm', before it). */
  type: Type.String(),
  /** Length in seconds as the guest's browser measured it, when it said. */
  seconds: Type.Union([Type.Integer(), Type.Null()]),
  /** True while the AAC rendition is being made. */
  processing: Type.Boolean(),
});
export type MessageAudio = Static<typeof MessageAudio>;

/** A message of the guestbook. `hidden` and `pending` only in the owner's list. */
export const MessageItem = Type.Object({
  id: Type.String(),
  event_id: Type.String(),
  /** The guest's name (the one used for uploads). */
  user_id: Type.String(),
  text: Type.String(),
  audio: Type.Union([MessageAudio, Type.Null()]),
  created_at: Type.String(),
  /** Issue 28, in the owner's list only (as photos'): the place of the QR code the guest came from ('Mesa 5'), or null. */
  place: Type.Optional(NullableString),
  hidden: Type.Optional(Type.Boolean()),
  pending: Type.Optional(Type.Boolean()),
});
export type MessageItem = Static<typeof MessageItem>;

export const MessageList = Type.Array(MessageItem);
export type MessageList = Static<typeof MessageList>;

/**
 * The text fields of `POST /api/events/{id}/messages` (multipart, beside an optional `audio` file
 * part and its measured `audio_seconds`). Read by hand as they arrive, like an upload's.
 */
export const MessageFields = Type.Object({
  user_id: Type.String({ minLength: 1, maxLength: MAX_USER_ID }),
  text: Type.String({ maxLength: MAX_MESSAGE_TEXT }),
  audio_seconds: Type.Optional(Type.String({ maxLength: 8 })),
  /** Issue 28: the place of the invite the guest opened ('Mesa 5', from its cookie), as uploads carry it; optional. */
  place: Type.Optional(Type.String()),
});
export type MessageFields = Static<typeof MessageFields>;

/** The answer of a stored message: the item, and (once) the key with which its sender removes it. */
export const PostedMessage = extend(MessageItem, {
  delete_key: Type.String(),
  /** A message that waits for the organiser's approval says so ('Seu recado foi recebido e aparecerá após aprovação.'). */
  message: Type.String(),
});
export type PostedMessage = Static<typeof PostedMessage>;

/** `/api/events/messages/{messageId}`. */
export const MessageParams = Type.Object({ messageId: IdParam });
export type MessageParams = Static<typeof MessageParams>;

/** `PATCH /api/events/messages/{messageId}` (owner): hide or show a message, or approve a pending one. */
export const MessageModeration = Type.Object(
  {
    hidden: Type.Optional(Type.Boolean()),
    pending: Type.Optional(Type.Literal(false)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type MessageModeration = Static<typeof MessageModeration>;

/**
 * `GET /api/events/{id}/messages/book.pdf` ('Livro de recados', owner): the token, or a download
 * ticket from `POST /api/events/{id}/download-ticket` with `{book: true}`.
 */
export const BookQuery = Type.Object({
  ticket: TicketParam,
});
export type BookQuery = Static<typeof BookQuery>;

/** `GET /api/events/messages/{messageId}/audio?sig=&exp=`: a voice note through an expiring link (the book's QR codes). */
export const SignedAudioQuery = Type.Object({
  exp: Type.String({ pattern: '^\\d{1,12}$' }),
  sig: Type.String({ pattern: '^[A-Za-z0-9_-]{1,128}$' }),
});
export type SignedAudioQuery = Static<typeof SignedAudioQuery>;

// Hearts ('Curtir') on photos.

/** The header carrying the device identifier a guest's browser keeps (one heart per device per photo). */
export const DEVICE_ID_HEADER = 'x-device-id';

/** `POST` / `DELETE /api/events/photos/{photoId}/reactions`: the photo's heart count and whether this device gave one. */
export const ReactionState = Type.Object({
  photo_id: Type.String(),
  hearts: Type.Integer(),
  mine: Type.Boolean(),
});
export type ReactionState = Static<typeof ReactionState>;

/** Socket messages on the event's audiences. */
export const NewMessagesMessage = Type.Object({
  type: Type.Literal('new_messages'),
  payload: Type.Object({ eventId: Type.String(), messages: Type.Array(MessageItem) }),
});
export type NewMessagesMessage = Static<typeof NewMessagesMessage>;

export const MessagesRemovedMessage = Type.Object({
  type: Type.Literal('messages_removed'),
  payload: Type.Object({ eventId: Type.String(), ids: Type.Array(Type.String()) }),
});
export type MessagesRemovedMessage = Static<typeof MessagesRemovedMessage>;

/** A photo's heart count changed (no device is named: `mine` is each client's own knowledge). */
export const ReactionsMessage = Type.Object({
  type: Type.Literal('reactions'),
  payload: Type.Object({ albumId: Type.String(), photoId: Type.String(), hearts: Type.Integer() }),
});
export type ReactionsMessage = Static<typeof ReactionsMessage>;
