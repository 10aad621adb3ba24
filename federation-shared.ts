// The federation settings every app shares: which modules are page-wide singletons.
// Kept apart from rspack.base.ts so that tests can read an app's federation config without rspack.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

export type FederationConfig = ConstructorParameters<typeof ModuleFederationPlugin>[0];

/**
 * The modules that must exist once per page, whichever app loads first. Versions come from the
 * app's own package.json so that a remote built against an incompatible release is reported.
 */
export function sharedSingletons(dir: string): NonNullable<FederationConfig['shared']> {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const singleton = (name: string) => {
    const version = pkg.dependencies[name];
    if (!version) throw new Error(`${dir}/package.json must depend on ${name} to share it`);
    return { singleton: true, requiredVersion: `^${version.replace(/^[\^~]/, '')}` };
  };
  return {
    react: singleton('react'),
    // Trailing-slash keys share deep imports too: react/jsx-runtime, react-dom/client.
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    zustand: singleton('zustand'),
    // One data cache per page: a list one remote changes is revalidated where another shows it. The
    // shell imports no data hook, so the first remote that reads data provides the page's copy.
    swr: singleton('swr'),
    '@momentos/design-kit': singleton('@momentos/design-kit'),
    '@momentos/api-client': singleton('@momentos/api-client'),
  };
}
