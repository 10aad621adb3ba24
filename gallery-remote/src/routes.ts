import type { RemoteRoutesModule } from '@momentos/design-kit';

/** The exposed contract (`./routes`): this remote's pages by the names the shell's route table uses. */
export const pages: RemoteRoutesModule['pages'] = {
  'gallery': () => import('./features/gallery/gallery-page'),
};
