import type { Kysely, Transaction } from 'kysely';
import type { Database, EventRow } from '../db/schema';
import type { EventRole, TeamRole } from '../domain/team/roles';

type Db = Kysely<Database> | Transaction<Database>;

/** The event and the caller's role on it (owner, a team role), or undefined when the event does not exist. */
export async function findEventWithRole(db: Db, eventId: string, organiserId: string | null): Promise<{ event: EventRow; role: EventRole | null } | undefined> {
  const row = await db
    .selectFrom('events')
    .leftJoin('event_members', (join) => join.onRef('event_members.event_id', '=', 'events.id').on('event_members.organiser_id', '=', organiserId ?? ''))
    .selectAll('events')
    .select('event_members.role as member_role')
    .where('events.id', '=', eventId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { member_role: memberRole, ...event } = row;
  const role: EventRole | null = organiserId && event.organiser_id === organiserId ? 'owner' : ((memberRole as TeamRole | null) ?? null);
  return { event, role };
}

/** The events an organiser owns or belongs to, with their role, by date. */
export async function listEventsWithRole(db: Db, organiserId: string): Promise<Array<EventRow & { role: EventRole }>> {
  const rows = await db
    .selectFrom('events')
    .leftJoin('event_members', (join) => join.onRef('event_members.event_id', '=', 'events.id').on('event_members.organiser_id', '=', organiserId))
    .selectAll('events')
    .select('event_members.role as member_role')
    .where((eb) => eb.or([eb('events.organiser_id', '=', organiserId), eb('event_members.organiser_id', '=', organiserId)]))
    .orderBy('events.date')
    .orderBy('events.created_at')
    .execute();
  return rows.map(({ member_role: memberRole, ...event }) => ({ ...event, role: event.organiser_id === organiserId ? 'owner' : (memberRole as TeamRole) }));
}

export interface MemberRow {
  organiser_id: string;
  name: string;
  email: string;
  role: string;
  created_at: string;
}

export function listMembers(db: Db, eventId: string): Promise<MemberRow[]> {
  return db
    .selectFrom('event_members')
    .innerJoin('organisers', 'organisers.id', 'event_members.organiser_id')
    .select(['event_members.organiser_id', 'organisers.name', 'organisers.email', 'event_members.role', 'event_members.created_at'])
    .where('event_members.event_id', '=', eventId)
    .orderBy('event_members.created_at')
    .execute();
}

/** Adds a member (or changes the role of one already there). */
export async function addMember(db: Db, eventId: string, organiserId: string, role: TeamRole, now = new Date()): Promise<void> {
  await db
    .insertInto('event_members')
    .values({ event_id: eventId, organiser_id: organiserId, role, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.columns(['event_id', 'organiser_id']).doUpdateSet({ role }))
    .execute();
}

export async function removeMember(db: Db, eventId: string, organiserId: string): Promise<boolean> {
  const result = await db.deleteFrom('event_members').where('event_id', '=', eventId).where('organiser_id', '=', organiserId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
