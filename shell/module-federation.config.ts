import { sharedSingletons, type FederationConfig } from '../federation-shared';

// The host declares no remotes at build time: it reads remotes.json at start and registers them
// (src/remotes/register-remotes.ts), so a remote can move without a shell rebuild.
export const federation: FederationConfig = {
  name: 'shell',
  remotes: {},
  shared: sharedSingletons(__dirname),
};
