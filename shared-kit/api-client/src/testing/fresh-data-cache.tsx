import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

/**
 * Wraps a screen under test in its own data cache, so no answer (or request in flight) of one test
 * reaches the next. The product uses SWR's page-wide cache.
 */
export function FreshDataCache({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>;
}
