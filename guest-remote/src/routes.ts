import type { RemotePages } from '@momentos/design-kit';

/** The exposed contract (`./routes`): this remote's pages by the names the shell's route table uses. */
export const pages: RemotePages<'guest_remote'> = {
  'invite': () => import('./features/invite/invite-page'),
  'welcome': () => import('./features/welcome/welcome-page'),
  'upload': () => import('./features/upload/upload-page'),
  'messages': () => import('./features/messages/messages-page'),
};
