import type { ComponentType } from 'react';

/**
 * The one contract each remote exposes as `./routes`: its pages by name, each loaded on demand.
 * The shell owns the route table (spec §2) and maps each path to a remote's page by this name.
 * Loaders (not React.lazy) so that the shell can retry a page whose chunk failed to load.
 */
export type PageLoader = () => Promise<{ default: ComponentType }>;

export interface RemoteRoutesModule {
  pages: Record<string, PageLoader>;
}
