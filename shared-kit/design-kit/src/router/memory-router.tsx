import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { RouteLocation } from '@momentos/design-kit';
import { patternOf, RouteNavigation, type AppRoute } from './app-router';

export interface MemoryAppRouter {
  /** Renders the routes at the current in-memory location. */
  element: ReactNode;
  /** Where the router is now. */
  readonly location: RouteLocation;
  /** Every path visited, in order (a replace or a step back overwrites the last). */
  readonly history: readonly string[];
}

/** A router over an in-memory history, for tests: `render(router.element)`, then read `router.location`. */
export function createMemoryAppRouter(routes: readonly AppRoute[], start: { path: string; state?: unknown } | string): MemoryAppRouter {
  const initial = typeof start === 'string' ? { path: start } : start;
  const router = createMemoryRouter(
    routes.map((route) => ({ path: patternOf(route), element: <RouteNavigation>{route.element}</RouteNavigation> })),
    { initialEntries: [{ ...splitPath(initial.path), state: initial.state ?? null }] },
  );
  const visited = [initial.path];
  router.subscribe(({ location, historyAction }) => {
    const path = location.pathname + location.search;
    if (historyAction === 'PUSH') visited.push(path);
    else visited[visited.length - 1] = path;
  });
  return {
    element: <RouterProvider router={router} />,
    get location() {
      const { pathname, search, state } = router.state.location;
      return { pathname, search, state: (state as unknown) ?? null };
    },
    get history() {
      return visited;
    },
  };
}

function splitPath(path: string) {
  const at = path.indexOf('?');
  return at < 0 ? { pathname: path, search: '' } : { pathname: path.slice(0, at), search: path.slice(at) };
}
