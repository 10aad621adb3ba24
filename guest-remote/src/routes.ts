import type { RemotePages } from '@momentos/design-kit';

/**
 * The exposed contract (`./routes`): this remote's pages by the names the shell's route table uses.
 * Each page's chunk is named after the page: the build lists what each needs (page-chunks.json) and
 * the server preloads it for a first visit to its route.
 */
export const pages: RemotePages<'guest_remote'> = {
  // One chunk for both: an invite goes to its welcome at once, so a first visit by invite fetched two
  // chunks one after the other, each with its own copy of the small modules they share.
  'invite': () => import(/* webpackChunkName: "welcome" */ './features/invite/invite-page'),
  'welcome': () => import(/* webpackChunkName: "welcome" */ './features/welcome/welcome-page'),
  'upload': () => import(/* webpackChunkName: "upload" */ './features/upload/upload-page'),
  'messages': () => import(/* webpackChunkName: "messages" */ './features/messages/messages-page'),
};
