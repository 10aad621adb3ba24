import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteRoutesModule } from '@momentos/design-kit';
import type { RemoteName } from './remotes-config';

export type LoadRemotePage = (remote: RemoteName, page: string) => Promise<ComponentType>;

/** Loads a remote's `./routes` contract, then the named page's chunk. Rejects on any failure. */
export const loadRemotePage: LoadRemotePage = async (remote, page) => {
  const routes = await loadRemote<RemoteRoutesModule>(`${remote}/routes`);
  const loader = routes?.pages?.[page];
  if (!loader) throw new Error(`${remote} does not expose the page '${page}'`);
  const module = await loader();
  return module.default;
};
