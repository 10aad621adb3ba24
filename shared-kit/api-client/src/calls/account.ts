import type { AccountCreated, SetupInput, SetupState } from '@momentos/api-contract';
import { request, type ApiResult } from '../http/api-result';
import { texts } from '../texts';

export type { AccountCreated, SetupInput, SetupState };

/** GET /api/setup (issue 27): whether the server still waits for its first organiser. */
export function getSetupState() {
  return request<SetupState>({ method: 'GET', url: '/api/setup' });
}

/**
 * POST /api/setup: the first organiser with the code the server printed; signed in like a login
 * (the credential in the `authentication` header, as `data.token`).
 */
export async function createFirstAccount(input: SetupInput): Promise<ApiResult<AccountCreated & { token: string }>> {
  const result = await request<AccountCreated>({ method: 'POST', url: '/api/setup', data: input });
  if (!result.ok) return result;
  const token = result.headers.authentication;
  if (!token) return { ok: false, status: result.status, message: texts.unexpectedError };
  return { ...result, data: { ...result.data, token } };
}
