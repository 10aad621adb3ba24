import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Permission } from '../domain/team/roles';
import { HttpError, messages } from '../errors';
import { eventAccess, type EventAccess } from '../services/team/event-access';

/** `eventAccess` for the signed-in organiser of a request (run after `app.requireOrganiser`). */
export function requireEventRole(db: Kysely<Database>, request: FastifyRequest, eventId: string, permission: Permission): Promise<EventAccess> {
  if (!request.organiser) throw new HttpError(401, messages.unauthorized);
  return eventAccess(db, eventId, request.organiser.id, permission);
}
