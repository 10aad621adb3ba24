// Spec §3 entities as the API sends and receives them: the API contract's types, under the names
// the screens use. Types only: no contract code reaches the browser.
import type { EventFields } from '@momentos/api-contract';

export type {
  EventItem,
  Album,
  AlbumInput,
  EventSearchResult,
  QrCodeResponse,
  LoginResponse,
  LoginInput,
} from '@momentos/api-contract';

/** The fields of the event form, sent as multipart (`image` only when a new one was picked). */
export type EventInput = EventFields & { image?: Blob | null };
