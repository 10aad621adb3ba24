import { normaliseInviteCode } from '../domain/invite-code';
import { placeCookieName, placeOfSearch } from '@momentos/app-manifest/dist/invite-place';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { findEventByCode } from '../repositories/events';

/** A week: the party, and the days after it when guests send what they kept. */
const PLACE_COOKIE_SECONDS = 7 * 24 * 60 * 60;

/**
 * Issue 28: `/invite/{code}?local=Mesa%205` (a place's QR code) leaves the place in a cookie of that
 * event, which the guest's upload screen reads and puts on the files it queues. The invite without a
 * place clears a place left by an earlier visit. Set here, not by the invite page's script: the first
 * visit's JavaScript stays as it was.
 */
export async function rememberInvitePlace(db: Kysely<Database>, request: FastifyRequest, reply: FastifyReply, code: string, search: string): Promise<void> {
  const place = placeOfSearch(search);
  const cookies = request.headers.cookie ?? '';
  if (place === null && !cookies.includes('momentos-place-')) return;
  const event = await findEventByCode(db, normaliseInviteCode(code));
  if (!event) return;
  const name = placeCookieName(event.id);
  if (place === null && !cookies.split(/;\s*/).some((cookie) => cookie.startsWith(`${name}=`))) return;
  const secure = request.protocol === 'https' ? '; Secure' : '';
  const value = place === null ? '; Max-Age=0' : `; Max-Age=${PLACE_COOKIE_SECONDS}`;
  reply.header('set-cookie', `${name}=${encodeURIComponent(place ?? '')}; Path=/${value}; SameSite=Lax${secure}`);
}
