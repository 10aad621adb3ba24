import { Type, type Static } from '@sinclair/typebox';
import { StatusMessage } from './common';

// Issue 27: the first account from the browser, the organiser's own account.

/** `GET /api/setup`: whether the server still waits for its first organiser. */
export const SetupState = Type.Object({
  needed: Type.Boolean(),
});
export type SetupState = Static<typeof SetupState>;

/** `POST /api/setup`: the first organiser, with the one-time code the server printed at start. */
export const SetupInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 120 }),
  email: Type.String({ minLength: 3, maxLength: 320 }),
  password: Type.String({ minLength: 8, maxLength: 1024 }),
  code: Type.String({ minLength: 1, maxLength: 32 }),
});
export type SetupInput = Static<typeof SetupInput>;

/** A new account is signed in: the token travels in the `authentication` header, as for a login. */
export const AccountCreated = Type.Object({
  ...StatusMessage.properties,
  email: Type.String(),
  name: Type.String(),
});
export type AccountCreated = Static<typeof AccountCreated>;
