import type { RemoteName } from '../remotes/remotes-config';

export interface ShellRoute {
  path: string;
  remote: RemoteName;
  /** The page's name in the remote's `./routes` contract. */
  page: string;
  /** Organiser pages: behind the auth guard. */
  guarded?: boolean;
}

/** Spec §2 routes and the remote that owns each (DESIGN.md §1). */
export const routeTable: ShellRoute[] = [
  { path: '/', remote: 'organiser_remote', page: 'entry' },
  { path: '/events', remote: 'organiser_remote', page: 'event-list', guarded: true },
  { path: '/events/register', remote: 'organiser_remote', page: 'event-form', guarded: true },
  { path: '/events/register/:id', remote: 'organiser_remote', page: 'event-form', guarded: true },
  { path: '/invite/:code', remote: 'guest_remote', page: 'invite' },
  { path: '/events/share/:id', remote: 'guest_remote', page: 'welcome' },
  { path: '/events/upload/:id', remote: 'guest_remote', page: 'upload' },
  { path: '/events/share/albums/:id', remote: 'gallery_remote', page: 'gallery' },
];
