import { request } from '../http/api-result';
import type { LoginInput, LoginResponse } from './types';

/**
 * POST /api/auth. On success the credential travels in the `authentication` response header:
 * `token` holds it (null when the call failed or the header is missing).
 */
export async function login(credentials: LoginInput) {
  const result = await request<LoginResponse>({ method: 'POST', url: '/api/auth', data: credentials });
  const token = result.status === 200 ? (result.headers?.authentication ?? null) : null;
  return { ...result, token };
}
