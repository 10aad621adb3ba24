import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { Navigate, paintedPage, removeFirstPaint } from '@momentos/design-kit';
import { isTokenUsable, setAuthenticationHeader, useAuthStore } from '@momentos/api-client';

/**
 * Spec §4 auth guard of the organiser pages: only with a stored token that decodes and has an exp
 * later than now; otherwise the token is removed and the visitor goes to '/'. A valid token becomes
 * the authentication header of later calls.
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const token = useAuthStore((state) => state.token);
  const signOut = useAuthStore((state) => state.signOut);
  const usable = isTokenUsable(token);
  // Set while rendering: the page's own effects (its first API call) run before this component's.
  if (usable) setAuthenticationHeader(token);

  useEffect(() => {
    if (!usable) signOut();
  }, [usable, signOut]);
  // The page the server painted (the event list's frame) will not be shown: its template hides it
  // when nothing is stored, and here when what is stored has expired.
  useLayoutEffect(() => {
    if (!usable && paintedPage()) removeFirstPaint();
  }, [usable]);

  if (!usable) return <Navigate to="/" replace />;
  return <>{children}</>;
}
