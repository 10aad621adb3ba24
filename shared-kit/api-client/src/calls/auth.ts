import { call, type ApiResult } from '../http/api-result';
import { texts } from '../texts';
import type { LoginInput } from './types';

/**
 * POST /api/auth. On success the credential travels in the `authentication` response header: a
 * success carries it as `data.token`; an answer without the header is a failure.
 */
export async function login(credentials: LoginInput): Promise<ApiResult<{ token: string }>> {
  const result = await call('POST /api/auth', { body: credentials });
  if (!result.ok) return result;
  const token = result.headers.authentication;
  if (!token) return { ok: false, status: result.status, message: texts.unexpectedError };
  return { ...result, data: { token } };
}

/**
 * POST /api/auth/logout (issue 23 item 2): ends the session on the server. 'Sair' forgets the
 * credential whatever the answer (an ended or expired session answers 401, offline answers nothing).
 */
export function logout(token: string | null): Promise<ApiResult<unknown>> {
  return call('POST /api/auth/logout', {}, { headers: token ? { authentication: token } : {} });
}
