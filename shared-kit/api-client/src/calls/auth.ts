import { request, type ApiResult } from '../http/api-result';
import { texts } from '../texts';
import type { LoginInput, LoginResponse } from './types';

/**
 * POST /api/auth. On success the credential travels in the `authentication` response header: a
 * success carries it as `data.token`; an answer without the header is a failure.
 */
export async function login(credentials: LoginInput): Promise<ApiResult<{ token: string }>> {
  const result = await request<LoginResponse>({ method: 'POST', url: '/api/auth', data: credentials });
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
  return request({ method: 'POST', url: '/api/auth/logout', headers: token ? { authentication: token } : {} });
}
