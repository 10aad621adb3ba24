import { sharedSingletons, type FederationConfig } from '../federation-shared';

// organiser_remote: one small, stable contract for the shell: its pages by name (src/routes.ts).
export const federation: FederationConfig = {
  name: 'organiser_remote',
  filename: 'remoteEntry.js',
  exposes: { './routes': './src/routes.ts' },
  shared: sharedSingletons(__dirname),
};
