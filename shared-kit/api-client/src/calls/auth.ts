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
