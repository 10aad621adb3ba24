import { Type, type Static } from '@sinclair/typebox';
import { StatusMessage } from './common';

/** `POST /api/auth`. */
export const LoginInput = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type LoginInput = Static<typeof LoginInput>;

/** A successful login; the token travels in the `authentication` response header. */
export const LoginAnswer = Type.Object({
  ...StatusMessage.properties,
  email: Type.String(),
});
export type LoginAnswer = Static<typeof LoginAnswer>;
