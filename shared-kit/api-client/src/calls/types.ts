// Spec §3 entities as the API sends and receives them: the API contract's types, under the names
// the screens use. Types only: no contract code reaches the browser.
import type { AlbumFields, EventFields, LoginAnswer } from '@momentos/api-contract';

export type { EventItem, Album, EventSearchResult, PublicEvent, QrCodeResponse, LoginInput } from '@momentos/api-contract';

/** The fields of the event form, sent as multipart (`image` only when a new one was picked). */
export type EventInput = EventFields & { image?: Blob | null };

/** An album as the organiser's form sends it: both flags always set. */
export type AlbumInput = AlbumFields;

/** Body of a successful login (the token is in the `authentication` header). */
export type LoginResponse = LoginAnswer;
