import type { RemotePages } from '@momentos/design-kit';

/** The exposed contract (`./routes`): this remote's pages by the names the shell's route table uses. */
export const pages: RemotePages<'gallery_remote'> = {
  'gallery': () => import('./features/gallery/gallery-page'),
  'event-photos': () => import('./features/event-photos/event-photos-page'),
  'wall': () => import('./features/wall/wall-page'),
};
