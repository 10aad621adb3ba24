import { Type, type Static } from '@sinclair/typebox';
import { EmailAddress, extend, LinkTokenParams, NewPassword, PersonName, statusWith } from './common';

// Issue 27: the first account from the browser, the organiser's own account.

/** `GET /api/setup`: whether the server still waits for its first organiser. */
export const SetupState = Type.Object({
  needed: Type.Boolean(),
});
export type SetupState = Static<typeof SetupState>;

/** A new organiser account: the first one (`POST /api/setup`) and one made from a team invite. */
export const NewAccountInput = Type.Object({
  name: PersonName,
  email: EmailAddress,
  password: NewPassword,
});
export type NewAccountInput = Static<typeof NewAccountInput>;

/** `POST /api/setup`: the first organiser, with the one-time code the server printed at start. */
export const SetupInput = extend(NewAccountInput, {
  code: Type.String({ minLength: 1, maxLength: 32 }),
});
export type SetupInput = Static<typeof SetupInput>;

/** A new account is signed in: the token travels in the `authentication` header, as for a login. */
export const AccountCreated = statusWith({ email: Type.String(), name: Type.String() });
export type AccountCreated = Static<typeof AccountCreated>;

// Issue 27 item 4: 'Esqueci minha senha' and 'Minha conta'.

/** `POST /api/auth/forgot`: the e-mail to send a reset link to. */
export const ForgotPasswordInput = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
});
export type ForgotPasswordInput = Static<typeof ForgotPasswordInput>;

/**
 * The same answer whether or not the e-mail has an account; `mail` says whether this server sends
 * e-mail at all (without SMTP the link is in the server's log: ask its administrator).
 */
export const ForgotPasswordAnswer = statusWith({ mail: Type.Boolean() });
export type ForgotPasswordAnswer = Static<typeof ForgotPasswordAnswer>;

/** `/api/auth/reset/{token}`. */
export const ResetTokenParams = LinkTokenParams;
export type ResetTokenParams = LinkTokenParams;

/** `GET /api/auth/reset/{token}`: the link is open; whose account it resets. */
export const ResetLinkState = Type.Object({
  email: Type.String(),
  expires_at: Type.String(),
});
export type ResetLinkState = Static<typeof ResetLinkState>;

/** `POST /api/auth/reset/{token}`: the new password (8 characters or more, like every password). */
export const ResetPasswordInput = Type.Object({ password: NewPassword });
export type ResetPasswordInput = Static<typeof ResetPasswordInput>;

/** `GET /api/account`: the signed-in organiser. */
export const Account = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
});
export type Account = Static<typeof Account>;

/** `PUT /api/account`: name and e-mail; changing the e-mail asks for the current password. */
export const AccountInput = Type.Object({
  name: PersonName,
  email: EmailAddress,
  current_password: Type.Optional(Type.String({ maxLength: 1024 })),
});
export type AccountInput = Static<typeof AccountInput>;

/** `PUT /api/account/password`: the current password and the new one; the other sessions end. */
export const PasswordChangeInput = Type.Object({
  current_password: Type.String({ minLength: 1, maxLength: 1024 }),
  new_password: NewPassword,
});
export type PasswordChangeInput = Static<typeof PasswordChangeInput>;

/** The password changed: how many other sessions were ended. */
export const PasswordChanged = statusWith({ ended_sessions: Type.Integer() });
export type PasswordChanged = Static<typeof PasswordChanged>;

/** `GET`/`PUT /api/account/notifications` (issue 27 item 5): the organiser's e-mail alerts, both off by default. */
export const NotificationSettings = Type.Object({
  /** 'Fotos aguardando aprovação': at most one e-mail per event per 15 minutes while photos wait. */
  pending_photos: Type.Boolean(),
  /** 'Resumo diário': new photos, videos, guests and messages per event, at DIGEST_HOUR. */
  daily_summary: Type.Boolean(),
});
export type NotificationSettings = Static<typeof NotificationSettings>;

/** What `GET`/`PUT /api/account/notifications` answer: the switches and the server's DIGEST_HOUR (the screen names it). */
export const NotificationSettingsView = extend(NotificationSettings, {
  /** The hour (0-23, server time) the 'Resumo diário' goes out. */
  digest_hour: Type.Integer({ minimum: 0, maximum: 23 }),
});
export type NotificationSettingsView = Static<typeof NotificationSettingsView>;
