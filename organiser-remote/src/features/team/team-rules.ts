import { formatText } from '@momentos/design-kit';
import type { EventItem } from '@momentos/api-client';
import { texts } from '../../texts';

/**
 * Issue 27: whether the caller's role on the event grants a permission. An event read without a role
 * (an older server) is the caller's own: everything is allowed, as before.
 */
export function mayOn(event: Pick<EventItem, 'permissions'>, permission: string): boolean {
  return !event.permissions || event.permissions.includes(permission);
}

/** 'Coorganizador de Casamento Ana & Leo' for a member; nothing for the owner. */
export function teamRoleLine(event: Pick<EventItem, 'role' | 'name'>): string | null {
  if (!event.role || event.role === 'owner') return null;
  return formatText(texts.team.roleOf, { role: texts.team.roles[event.role], name: event.name });
}
