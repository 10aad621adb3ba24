import type { RemotePages } from '@momentos/design-kit';

/**
 * The exposed contract (`./routes`): this remote's pages by the names the shell's route table uses.
 * Each page's chunk is named after the page: the build lists what each needs (page-chunks.json) and
 * the server preloads it for a first visit to its route.
 */
export const pages: RemotePages<'gallery_remote'> = {
  'gallery': () => import(/* webpackChunkName: "gallery" */ './features/gallery/gallery-page'),
  'event-photos': () => import(/* webpackChunkName: "event-photos" */ './features/event-photos/event-photos-page'),
  'wall': () => import(/* webpackChunkName: "wall" */ './features/wall/wall-page'),
};
