import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';

interface Props {
  /** Rendered instead of the children once they threw; `reset` renders them again. */
  fallback: (reset: () => void) => ReactNode;
  /** Called when the fallback's retry resets the boundary. */
  onReset: () => void;
  children: ReactNode;
}

const logRenderError = (error: unknown) => console.error('A remote page failed while rendering', error);

/** Catches a remote page that throws while rendering, so only that area shows the fallback. */
export function RemoteErrorBoundary({ fallback, onReset, children }: Props) {
  return (
    <ErrorBoundary fallbackRender={({ resetErrorBoundary }) => fallback(resetErrorBoundary)} onReset={onReset} onError={logRenderError}>
      {children}
    </ErrorBoundary>
  );
}
