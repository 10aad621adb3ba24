/**
 * Issue 27: who may do what on an event. The owner (`events.organiser_id`) may do everything; the
 * team's roles are a subset. Every organiser route, the album socket, download tickets and wall links
 * ask `requireEventRole` (event-access.ts) for one of these permissions.
 */
export const TEAM_ROLES = ['coorganiser', 'moderator'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export type EventRole = 'owner' | TeamRole;

export const PERMISSIONS = [
  'event.view',
  'event.edit',
  'event.delete',
  'albums.edit',
  'photos.view',
  'photos.moderate',
  'wall.manage',
  'downloads',
  'team.manage',
  'integrations.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const everything: readonly Permission[] = PERMISSIONS;

/** 'Coorganizador': everything on the event but deleting it and managing the team (and its integrations). */
const coorganiser: readonly Permission[] = PERMISSIONS.filter((permission) => !['event.delete', 'team.manage', 'integrations.manage'].includes(permission));

/** 'Moderador': the photo screen, messages, moderation, the wall and downloads; no event or album edits. */
const moderator: readonly Permission[] = ['event.view', 'photos.view', 'photos.moderate', 'wall.manage', 'downloads'];

const grants: Record<EventRole, readonly Permission[]> = { owner: everything, coorganiser, moderator };

export function can(role: EventRole, permission: Permission): boolean {
  return grants[role].includes(permission);
}

export function permissionsOf(role: EventRole): Permission[] {
  return [...grants[role]];
}

export const isTeamRole = (value: unknown): value is TeamRole => typeof value === 'string' && (TEAM_ROLES as readonly string[]).includes(value);

/** Portuguese names, for messages and e-mails. */
export const roleNames: Record<EventRole, string> = { owner: 'Organizador', coorganiser: 'Coorganizador', moderator: 'Moderador' };

export const permissionNames: Record<Permission, string> = {
  'event.view': 'ver o evento',
  'event.edit': 'editar o evento',
  'event.delete': 'excluir o evento',
  'albums.edit': 'criar, editar ou excluir álbuns',
  'photos.view': 'ver as fotos do evento',
  'photos.moderate': 'moderar as fotos',
  'wall.manage': 'gerenciar o telão',
  downloads: 'baixar as fotos',
  'team.manage': 'gerenciar a equipe',
  'integrations.manage': 'gerenciar as integrações',
};

/** The 403 message: names the permission (its code too, for scripts) and the caller's role. */
export function missingPermissionMessage(role: EventRole, permission: Permission): string {
  return `Seu papel neste evento (${roleNames[role]}) não permite ${permissionNames[permission]} (permissão '${permission}').`;
}
