import { registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesConfig } from './remotes-config';

/** Tells the federation runtime where each remote lives, as remotes.json said at start. */
export function registerRemotesAtRuntime(config: RemotesConfig): void {
  registerRemotes(Object.entries(config).map(([name, entry]) => ({ name, entry })));
}
