import type { ReactNode } from 'react';

/** The centred, muted line shown where a list has nothing ('Nenhum álbum encontrado'). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="mk-empty-state">{children}</p>;
}
