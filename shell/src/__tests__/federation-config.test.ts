/**
 * @jest-environment node
 */
import type { FederationConfig } from '../../../federation-shared';

// Every app's own module-federation.config.ts, as rspack reads it.
const apps: Record<string, FederationConfig> = {
  shell: require('../../module-federation.config').federation,
  organiser: require('../../../organiser-remote/module-federation.config').federation,
  guest: require('../../../guest-remote/module-federation.config').federation,
  gallery: require('../../../gallery-remote/module-federation.config').federation,
};

const singletons = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  'zustand',
  '@momentos/design-kit',
  '@momentos/api-client',
];

describe('module federation settings', () => {
  it.each(Object.entries(apps))('%s shares every page-wide module as a singleton', (_app, config) => {
    const shared = config.shared as Record<string, { singleton?: boolean; requiredVersion?: string; eager?: boolean }>;
    for (const name of singletons) {
      expect(shared[name]).toMatchObject({ singleton: true });
      expect(shared[name].requiredVersion).toMatch(/^\^\d+\.\d+\.\d+$/);
      expect(shared[name].eager).toBeFalsy();
    }
  });

  it('names the remotes in snake_case and exposes only ./routes; the host declares no build-time remotes', () => {
    expect(apps.shell.remotes).toEqual({});
    for (const [app, name] of [['organiser', 'organiser_remote'], ['guest', 'guest_remote'], ['gallery', 'gallery_remote']]) {
      expect(apps[app].name).toBe(name);
      expect(apps[app].exposes).toEqual({ './routes': './src/routes.ts' });
      expect(apps[app].filename).toBe('remoteEntry.js');
    }
  });
});
