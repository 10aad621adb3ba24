import type { FastifyRequest } from 'fastify';
import { SIGN_IN_COOKIE } from '@momentos/app-manifest';

/** What a JWT's three parts are made of (base64url and dots): anything else is not looked at. */
const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * The organiser's token carried by a page request in the sign-in cookie (app-manifest's
 * SIGN_IN_COOKIE), or null. Only the painter of an organiser's page reads it; the API's calls are
 * signed in by their `authentication` header alone (plugins/auth.ts).
 */
export function signInTokenOf(request: FastifyRequest): string | null {
  const prefix = `${SIGN_IN_COOKIE.name}=`;
  const found = (request.headers.cookie ?? '').split(/;\s*/).find((cookie) => cookie.startsWith(prefix));
  const token = found?.slice(prefix.length) ?? '';
  return TOKEN.test(token) ? token : null;
}
