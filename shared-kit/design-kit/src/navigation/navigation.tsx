import { createContext, useContext, useEffect, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

// The navigation facade: what a page may know and do about the address bar. The shell's router (and
// the remotes' standalone mounts) provide it for each matched route; pages never import a router, so
// the router is bundled once in the shell instead of being a page-wide federation singleton. The
// names follow react-router's so that a page reads as before.

export interface RouteLocation {
  pathname: string;
  /** The query string, with its '?' (or empty). */
  search: string;
  /** What the page that navigated here handed over (history state), or null. */
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Goes to a path, or back (a negative number) in the history. */
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

export interface Navigation {
  /** The matched route's parameters (`/events/share/:id` → `{ id }`). */
  params: Readonly<Record<string, string | undefined>>;
  location: RouteLocation;
  navigate: NavigateFunction;
}

const NavigationContext = createContext<Navigation | null>(null);

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('A page rendered outside a route: mount it through the shell or @momentos/design-kit/router.');
  return navigation;
}

export function useParams<K extends string = string>(): Readonly<Partial<Record<K, string>>> {
  return useNavigation().params as Partial<Record<K, string>>;
}

export function useLocation(): RouteLocation {
  return useNavigation().location;
}

export function useNavigate(): NavigateFunction {
  return useNavigation().navigate;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & NavigateOptions & { to: string };

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey && (!event.currentTarget.target || event.currentTarget.target === '_self');

/** An in-app link: a real `<a href>` (open in a new tab works), navigated without a reload. */
export function Link({ to, replace, state, onClick, children, ...rest }: LinkProps) {
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        navigate(to, { replace, state });
      }}
    >
      {children}
    </a>
  );
}

/** Navigates once rendered (a redirect). */
export function Navigate({ to, replace, state }: NavigateOptions & { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
    // Once per mount, as a redirect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
