import type { Kysely } from 'kysely';
import type { Database, EventRow } from '../../db/schema';
import { HttpError, messages, notFound } from '../../errors';
import { findEventWithRole } from '../../repositories/event-members';
import { can, missingPermissionMessage, type EventRole, type Permission } from '../../domain/team/roles';

export interface EventAccess {
  event: EventRow;
  role: EventRole;
}

/**
 * The one authorisation question of an organiser's call on an event (issue 27): the event and the
 * caller's role when the role grants `permission`. Someone outside the event's team gets 404 (the
 * event's existence does not leak); a member whose role lacks the permission gets 403 naming it.
 * Routes, the album socket, download tickets and (after issue 22) file URLs all ask here.
 */
export async function eventAccess(db: Kysely<Database>, eventId: string, organiserId: string | null, permission: Permission): Promise<EventAccess> {
  const found = await findEventWithRole(db, eventId, organiserId);
  if (!found || !found.role) throw notFound(messages.eventNotFound);
  if (!can(found.role, permission)) throw new HttpError(403, missingPermissionMessage(found.role, permission));
  return { event: found.event, role: found.role };
}


/** The caller's role on an event without refusing: null for guests and outsiders (or no such event). */
export async function roleOn(db: Kysely<Database>, eventId: string, organiserId: string | null): Promise<EventRole | null> {
  if (!organiserId) return null;
  return (await findEventWithRole(db, eventId, organiserId))?.role ?? null;
}

/** Whether the caller reads the event as its team does (every album, hidden and pending photos). */
export async function readsAsTeam(db: Kysely<Database>, eventId: string, organiserId: string | null): Promise<boolean> {
  const role = await roleOn(db, eventId, organiserId);
  return role !== null && can(role, 'photos.view');
}
