import { lazy, Suspense, type ReactNode } from 'react';
import { routes } from '@momentos/app-manifest';
import { LoadingScreen, paintedPage } from '@momentos/design-kit';
import type { AppRoute } from '@momentos/design-kit/router';
import { RemotePage } from '../remotes/remote-page';
import { texts } from '../texts';
import { NotFoundPage } from './not-found-page';

// The guard reads the auth store (@momentos/api-client, with axios): loaded with the first organiser
// page, so that a guest's first visit does not download it.
const AuthGuard = lazy(() => import('../auth/auth-guard').then((module) => ({ default: module.AuthGuard })));

function Guarded({ children }: { children: ReactNode }) {
  // While the server's painted view of the page is on screen (the event list's frame), it is the loading state.
  return (
    <Suspense fallback={paintedPage() ? null : <LoadingScreen label={texts.loading} />}>
      <AuthGuard>{children}</AuthGuard>
    </Suspense>
  );
}

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
