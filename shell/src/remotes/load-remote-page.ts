import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteRoutesModule } from '@momentos/design-kit';
import type { PageName, RemoteName } from '@momentos/app-manifest';

export type LoadRemotePage = (remote: RemoteName, page: PageName<RemoteName>) => Promise<ComponentType>;

const loading = new Map<string, Promise<ComponentType>>();

/**
 * Loads a remote's `./routes` contract, then the named page's chunk. One load per page: the boot's
 * early start and the route's RemotePage share it. A failure is forgotten, so a retry loads again.
 */
export const loadRemotePage: LoadRemotePage = (remote, page) => {
  const key = `${remote}/${page}`;
  const cached = loading.get(key);
  if (cached) return cached;
  const load = (async () => {
    const routes = await loadRemote<RemoteRoutesModule>(`${remote}/routes`);
    const loader = routes?.pages?.[page];
    if (!loader) throw new Error(`${remote} does not expose the page '${page}'`);
    return (await loader()).default;
  })();
  loading.set(key, load);
  load.catch(() => loading.delete(key));
  return load;
};
