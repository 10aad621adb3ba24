import type {
  Account,
  AccountCreated,
  AccountInput,
  ForgotPasswordAnswer,
  NotificationSettings,
  NotificationSettingsView,
  PasswordChanged,
  PasswordChangeInput,
  ResetLinkState,
  SetupInput,
  SetupState,
} from '@momentos/api-contract';
import { call, type ApiResult } from '../http/api-result';
import { texts } from '../texts';

export type { Account, AccountCreated, AccountInput, ForgotPasswordAnswer, NotificationSettings, NotificationSettingsView, PasswordChanged, PasswordChangeInput, ResetLinkState, SetupInput, SetupState };

/** GET /api/setup (issue 27): whether the server still waits for its first organiser. */
export function getSetupState() {
  return call('GET /api/setup');
}

/**
 * POST /api/setup: the first organiser with the code the server printed; signed in like a login
 * (the credential in the `authentication` header, as `data.token`).
 */
export async function createFirstAccount(input: SetupInput): Promise<ApiResult<AccountCreated & { token: string }>> {
  const result = await call('POST /api/setup', { body: input });
  if (!result.ok) return result;
  const token = result.headers.authentication;
  if (!token) return { ok: false, status: result.status, message: texts.unexpectedError };
  return { ...result, data: { ...result.data, token } };
}

/** POST /api/auth/forgot (issue 27): the same answer for any e-mail; `mail` false means ask the server's administrator. */
export function requestPasswordReset(email: string) {
  return call('POST /api/auth/forgot', { body: { email } });
}

/** GET /api/auth/reset/{token}: whose account an open reset link is for (404 when used or expired). */
export function getPasswordResetLink(token: string) {
  return call('GET /api/auth/reset/:token', { params: { token } });
}

/** POST /api/auth/reset/{token}: the new password; every session of the account ends. */
export function resetPassword(token: string, password: string) {
  return call('POST /api/auth/reset/:token', { params: { token }, body: { password } });
}

/** GET /api/account ('Minha conta'). */
export function getAccount() {
  return call('GET /api/account');
}

/** PUT /api/account: name and e-mail (a new e-mail needs `current_password`). */
export function updateAccount(input: AccountInput) {
  return call('PUT /api/account', { body: input });
}

/** PUT /api/account/password: the other sessions end, this one stays. */
export function changePassword(input: PasswordChangeInput) {
  return call('PUT /api/account/password', { body: input });
}

/** GET /api/account/notifications (issue 27 item 5): the e-mail alerts, both off by default, and the summary's hour. */
export function getNotificationSettings() {
  return call('GET /api/account/notifications');
}

/** PUT /api/account/notifications: both switches at once; answers them as saved (and the summary's hour). */
export function saveNotificationSettings(settings: NotificationSettings) {
  return call('PUT /api/account/notifications', { body: settings });
}
