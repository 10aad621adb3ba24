import type { FederationConfig } from '../federation-shared';

/** The modules that must exist once per page (DESIGN.md §2), shared by every app. */
export const pageWideSingletons = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'zustand',
  'swr',
  '@momentos/design-kit',
  '@momentos/api-client',
];

/** Every app's own federation test: each page-wide module shared as a lazy singleton with a real version range. */
export function expectPageWideSingletons(config: FederationConfig): void {
  const shared = config.shared as Record<string, { singleton?: boolean; requiredVersion?: string; eager?: boolean }>;
  for (const name of pageWideSingletons) {
    expect(shared[name]).toMatchObject({ singleton: true });
    expect(shared[name].requiredVersion).toMatch(/^\^\d+\.\d+\.\d+$/);
    expect(shared[name].eager).toBeFalsy();
  }
}

/** A remote: snake_case container name, `remoteEntry.js`, and the one `./routes` contract exposed. */
export function expectRemoteContract(config: FederationConfig, name: string): void {
  expect(config.name).toBe(name);
  expect(config.exposes).toEqual({ './routes': './src/routes.ts' });
  expect(config.filename).toBe('remoteEntry.js');
}
