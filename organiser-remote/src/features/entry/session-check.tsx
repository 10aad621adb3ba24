import type { ReactNode } from 'react';
import { Navigate } from '@momentos/design-kit';
import { isTokenUsable, useAuthStore } from '@momentos/api-client';

/** An organiser whose stored credential is still usable goes on to the event list (spec §2); others see the entry. */
export default function SessionCheck({ children }: { children: ReactNode }) {
  const token = useAuthStore((state) => state.token);
  return isTokenUsable(token) ? <Navigate to="/events" replace /> : children;
}
