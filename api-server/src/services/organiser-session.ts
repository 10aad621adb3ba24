import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { verifyToken } from '../domain/token';
import { findSessionOrganiser } from '../repositories/organiser-sessions';

export interface AuthenticatedOrganiser {
  id: string;
  email: string;
  name: string;
  /** The session the token names (issue 23 item 2). */
  sessionId: string;
}

/** The organiser of a token whose signature, expiry and session all hold; null otherwise. */
export async function organiserOfToken(db: Kysely<Database>, secret: string, token: string): Promise<AuthenticatedOrganiser | null> {
  const claims = verifyToken(token, secret);
  if (!claims) return null;
  const organiser = await findSessionOrganiser(db, claims.sid, claims.sub);
  return organiser ? { id: organiser.id, email: organiser.email, name: organiser.name, sessionId: claims.sid } : null;
}
