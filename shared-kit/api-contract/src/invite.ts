import { Type, type Static } from '@sinclair/typebox';

/** `GET /api/invite/search?code=`: case, spaces and dashes are ignored. */
export const InviteSearchQuery = Type.Object({
  code: Type.String({ maxLength: 64 }),
});
export type InviteSearchQuery = Static<typeof InviteSearchQuery>;

/** The event an invite code names. */
export const EventSearchResult = Type.Object({
  id: Type.String(),
  name: Type.String(),
});
export type EventSearchResult = Static<typeof EventSearchResult>;

/** One item, or none when the code is unknown. */
export const InviteSearchAnswer = Type.Array(EventSearchResult);
export type InviteSearchAnswer = Static<typeof InviteSearchAnswer>;
