import { routes } from '@momentos/app-manifest';
import type { AppRoute } from '@momentos/design-kit/router';
import { Guarded } from '../auth/guarded';
import { RemotePage } from '../remotes/remote-page';
import { NotFoundPage } from './not-found-page';

/** The router's routes: each path of the app manifest renders its remote's page, organiser pages guarded. */
export function shellRoutes(): AppRoute[] {
  return [
    ...routes.map(({ path, remote, page, guarded }) => {
      // The key makes a path change between two pages of one remote mount the new page afresh.
      const element = <RemotePage key={`${remote}/${page}`} remote={remote} page={page} />;
      return { path, element: guarded ? <Guarded>{element}</Guarded> : element };
    }),
    { element: <NotFoundPage /> },
  ];
}
