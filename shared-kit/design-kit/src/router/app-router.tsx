import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { Route, Router, Switch, useLocation as useRouterLocation, useParams as useRouterParams, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { navigate as browserNavigate, useBrowserLocation } from 'wouter/use-browser-location';
// By package name, not by path: the provider must be the page's one design-kit (a federation
// singleton), the one whose hooks the remotes' pages call.
import { NavigationProvider, type Navigation, type NavigateOptions, type RouteLocation } from '@momentos/design-kit';

// The router behind the navigation facade: wouter (about 2 KB), bundled into whatever mounts routes
// (the shell, a remote's standalone dev mount, tests) and never shared between them.

export interface AppRoute {
  /** A path pattern (`/events/share/:id`); absent for the catch-all route. */
  path?: string;
  element: ReactNode;
}

interface LocationSource {
  useState: () => unknown;
  back: (delta: number) => void;
}

/** Hands a matched route's page its params, location and navigate through the facade. */
function RouteNavigation({ source, children }: { source: LocationSource; children: ReactNode }) {
  const params = useRouterParams();
  const [pathname, routerNavigate] = useRouterLocation();
  const search = useSearch();
  const state = source.useState();
  const value = useMemo<Navigation>(() => {
    const location: RouteLocation = { pathname, search: search ? `?${search}` : '', state };
    return {
      params,
      location,
      navigate: (to: string | number, options: NavigateOptions = {}) => {
        if (typeof to === 'number') source.back(to);
        else routerNavigate(to, { replace: options.replace, state: options.state ?? null });
      },
    };
  }, [params, pathname, search, state, routerNavigate, source]);
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}

function RouteSwitch({ routes, source }: { routes: readonly AppRoute[]; source: LocationSource }) {
  return (
    <Switch>
      {routes.map((route, index) => (
        <Route key={route.path ?? `*${index}`} path={route.path}>
          <RouteNavigation source={source}>{route.element}</RouteNavigation>
        </Route>
      ))}
    </Switch>
  );
}

const subscribeToHistory = (callback: () => void) => {
  // wouter dispatches these for pushState and replaceState.
  const events = ['popstate', 'pushState', 'replaceState'];
  events.forEach((name) => addEventListener(name, callback));
  return () => events.forEach((name) => removeEventListener(name, callback));
};

const browserSource: LocationSource = {
  useState: () => useSyncExternalStore(subscribeToHistory, () => history.state as unknown, () => null),
  back: (delta) => history.go(delta),
};

/** The page's router over the browser's address bar and history. */
export function BrowserAppRouter({ routes }: { routes: readonly AppRoute[] }) {
  return (
    <Router hook={useBrowserLocation}>
      <RouteSwitch routes={routes} source={browserSource} />
    </Router>
  );
}

/** Navigates the browser's address bar from outside React (the same as a page's navigate). */
export const navigateBrowser = (to: string, options: NavigateOptions = {}) => browserNavigate(to, { replace: options.replace, state: options.state ?? null });

export interface MemoryAppRouter {
  /** Renders the routes at the current in-memory location. */
  element: ReactNode;
  /** Where the router is now. */
  readonly location: RouteLocation;
  /** Every path visited, in order (a replace overwrites the last). */
  readonly history: readonly string[];
}

/** A router over an in-memory history, for tests: `render(router.element)`, then read `router.location`. */
export function createMemoryAppRouter(routes: readonly AppRoute[], start: { path: string; state?: unknown } | string): MemoryAppRouter {
  const initial = typeof start === 'string' ? { path: start } : start;
  const memory = memoryLocation({ path: initial.path, state: initial.state ?? null, record: true });
  const listeners = new Set<() => void>();
  const navigate: typeof memory.navigate = (to, options) => {
    memory.navigate(to, { ...options, state: options?.state ?? null });
    listeners.forEach((listener) => listener());
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const source: LocationSource = {
    useState: () => useSyncExternalStore(subscribe, () => memory.state as unknown),
    back: (delta) => {
      const visited = memory.history ?? [];
      const target = visited[Math.max(0, visited.length - 1 + delta)];
      if (target !== undefined) navigate(target, { replace: true });
    },
  };
  const hook = () => [memory.hook()[0], navigate] as ReturnType<typeof memory.hook>;
  return {
    element: (
      <Router hook={hook} searchHook={memory.searchHook}>
        <RouteSwitch routes={routes} source={source} />
      </Router>
    ),
    get location() {
      const [pathname, search = ''] = (memory.history?.at(-1) ?? initial.path).split('?');
      return { pathname, search: search ? `?${search}` : '', state: memory.state as unknown };
    },
    get history() {
      return memory.history ?? [];
    },
  };
}
