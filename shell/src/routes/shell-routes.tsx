import type { RouteObject } from 'react-router-dom';
import { AuthGuard } from '../auth/auth-guard';
import { RemotePage } from '../remotes/remote-page';
import { NotFoundPage } from './not-found-page';
import { routeTable } from './route-table';

/** The router's routes: each spec §2 path renders its remote's page, organiser pages guarded. */
export function shellRoutes(): RouteObject[] {
  return [
    ...routeTable.map(({ path, remote, page, guarded }) => {
      // The key makes a path change between two pages of one remote mount the new page afresh.
      const element = <RemotePage key={`${remote}/${page}`} remote={remote} page={page} />;
      return { path, element: guarded ? <AuthGuard>{element}</AuthGuard> : element };
    }),
    { path: '*', element: <NotFoundPage /> },
  ];
}
