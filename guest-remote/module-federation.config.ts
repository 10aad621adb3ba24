import { sharedSingletons, type FederationConfig } from '../federation-shared';

// guest_remote: one small, stable contract for the shell: its pages by name (src/routes.ts).
export const federation: FederationConfig = {
  name: 'guest_remote',
  filename: 'remoteEntry.js',
  exposes: { './routes': './src/routes.ts' },
  shared: sharedSingletons(__dirname),
};
