import type { ComponentType } from 'react';
import type { PageName, RemoteName } from '@momentos/app-manifest';

/**
 * The one contract each remote exposes as `./routes`: its pages by name, each loaded on demand.
 * The app manifest (@momentos/app-manifest) names each remote's pages and maps every path to one;
 * a page that the manifest does not name, or a named page left out, is a type error.
 * Loaders (not React.lazy) so that the shell can retry a page whose chunk failed to load.
 */
export type PageLoader = () => Promise<{ default: ComponentType }>;

export type RemotePages<R extends RemoteName> = Record<PageName<R>, PageLoader>;

export interface RemoteRoutesModule<R extends RemoteName = RemoteName> {
  pages: RemotePages<R>;
}
