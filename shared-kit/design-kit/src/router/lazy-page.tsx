import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { PageLoader } from '@momentos/design-kit';

/** A page loaded on demand (standalone mounts): the fallback until its chunk arrives. */
export function LazyPage({ load, fallback }: { load: PageLoader; fallback: ReactNode }) {
  const [Page, setPage] = useState<ComponentType | null>(null);
  useEffect(() => {
    let current = true;
    void load().then((module) => current && setPage(() => module.default));
    return () => {
      current = false;
    };
  }, [load]);
  return Page ? <Page /> : <>{fallback}</>;
}
