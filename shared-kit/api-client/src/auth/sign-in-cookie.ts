import { jwtDecode } from 'jwt-decode';
import { SIGN_IN_COOKIE } from '@momentos/app-manifest/dist/early-requests';

/** The seconds a token has left by its `exp`; 0 when it has none or is spent (or does not decode). */
function secondsLeft(token: string, nowMs: number): number {
  try {
    const { exp } = jwtDecode<{ exp?: unknown }>(token);
    return typeof exp === 'number' ? Math.max(0, Math.floor(exp - nowMs / 1000)) : 0;
  } catch {
    return 0;
  }
}

/**
 * Keeps the sign-in cookie (app-manifest's SIGN_IN_COOKIE) beside the stored token, for as long as the
 * token lasts: with it the server paints an organiser's photo screen with its first photos. A null or
 * spent token removes it. Only the page requests under `/events` carry it, never to another site.
 */
export function keepSignInCookie(token: string | null, doc: Document = document, nowMs: number = Date.now()): void {
  const seconds = token ? secondsLeft(token, nowMs) : 0;
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${SIGN_IN_COOKIE.name}=${seconds > 0 ? token : ''}; Path=${SIGN_IN_COOKIE.path}; Max-Age=${seconds}; SameSite=Strict${secure}`;
}
