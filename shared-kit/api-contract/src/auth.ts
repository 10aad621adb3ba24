import { Type, type Static } from '@sinclair/typebox';
import { statusWith } from './common';

/** `POST /api/auth`. */
export const LoginInput = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type LoginInput = Static<typeof LoginInput>;

/** A successful login; the token travels in the `authentication` response header. */
export const LoginAnswer = statusWith({ email: Type.String() });
export type LoginAnswer = Static<typeof LoginAnswer>;
