import type { RemotePages } from '@momentos/design-kit';

/** The exposed contract (`./routes`): this remote's pages by the names the shell's route table uses. */
export const pages: RemotePages<'organiser_remote'> = {
  'entry': () => import('./features/entry/entry-page'),
  'event-list': () => import('./features/event-list/event-list-page'),
  'event-form': () => import('./features/event-form/event-form-page'),
  'print-kit': () => import('./features/print-kit/print-kit-page'),
  // Issue 27: an invite link to an event's team.
  'team-invite': () => import('./features/team/team-invite-page'),
  // Issue 27 item 4: a password-reset link, and 'Minha conta'.
  'password-reset': () => import('./features/account/password-reset-page'),
  'account': () => import('./features/account/account-page'),
};
