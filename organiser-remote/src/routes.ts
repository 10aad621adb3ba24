import type { RemotePages } from '@momentos/design-kit';

/**
 * The exposed contract (`./routes`): this remote's pages by the names the shell's route table uses.
 * Each page's chunk is named after the page: the build lists what each needs (page-chunks.json) and
 * the server preloads it for a first visit to its route.
 */
export const pages: RemotePages<'organiser_remote'> = {
  'entry': () => import(/* webpackChunkName: "entry" */ './features/entry/entry-page'),
  'event-list': () => import(/* webpackChunkName: "event-list" */ './features/event-list/event-list-page'),
  'event-form': () => import(/* webpackChunkName: "event-form" */ './features/event-form/event-form-page'),
  'print-kit': () => import(/* webpackChunkName: "print-kit" */ './features/print-kit/print-kit-page'),
  // Issue 27: an invite link to an event's team.
  'team-invite': () => import(/* webpackChunkName: "team-invite" */ './features/team/team-invite-page'),
  // Issue 27 item 4: a password-reset link, and 'Minha conta'.
  'password-reset': () => import(/* webpackChunkName: "password-reset" */ './features/account/password-reset-page'),
  'account': () => import(/* webpackChunkName: "account" */ './features/account/account-page'),
};
