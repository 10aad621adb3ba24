import { jwtDecode } from 'jwt-decode';

/**
 * Spec §4 auth guard: a stored token is usable only when it decodes (without verification, §3) and
 * carries an `exp` (seconds) later than now.
 */
export function isTokenUsable(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  if (!token) return false;
  let exp: unknown;
  try {
    exp = jwtDecode<{ exp?: unknown }>(token).exp;
  } catch {
    return false;
  }
  if (typeof exp !== 'number') return false;
  return exp > nowMs / 1000;
}
