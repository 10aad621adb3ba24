import { useMemo, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation as useRouterLocation, useNavigate as useRouterNavigate, useParams as useRouterParams } from 'react-router-dom';
// By package name, not by path: the provider must be the page's one design-kit (a federation
// singleton), the one whose hooks the remotes' pages call.
import { NavigationProvider, type Navigation, type NavigateOptions } from '@momentos/design-kit';

// The router behind the navigation facade: react-router-dom's declarative router, bundled (tree-shaken)
// into whatever mounts routes (the shell, a remote's standalone dev mount, tests) and never shared
// between them, so a page's remote carries no router at all.

export interface AppRoute {
  /** A path pattern (`/events/share/:id`); absent for the catch-all route. */
  path?: string;
  element: ReactNode;
}

/** Hands a matched route's page its params, location and navigate through the facade. */
export function RouteNavigation({ children }: { children: ReactNode }) {
  const params = useRouterParams();
  const { pathname, search, state } = useRouterLocation();
  const routerNavigate = useRouterNavigate();
  const value = useMemo<Navigation>(
    () => ({
      params,
      location: { pathname, search, state: (state as unknown) ?? null },
      navigate: (to: string | number, options: NavigateOptions = {}) => {
        if (typeof to === 'number') void routerNavigate(to);
        else void routerNavigate(to, { replace: options.replace, state: options.state });
      },
    }),
    [params, pathname, search, state, routerNavigate],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}

/** The path pattern react-router matches: the catch-all is '*'. */
export const patternOf = (route: AppRoute) => route.path ?? '*';

/** The page's router over the browser's address bar and history. */
export function BrowserAppRouter({ routes }: { routes: readonly AppRoute[] }) {
  return (
    <BrowserRouter>
      <Routes>
        {routes.map((route) => (
          <Route key={patternOf(route)} path={patternOf(route)} element={<RouteNavigation>{route.element}</RouteNavigation>} />
        ))}
      </Routes>
    </BrowserRouter>
  );
}
