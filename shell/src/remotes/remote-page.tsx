import { createContext, startTransition, useContext, useEffect, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import { LoadingScreen, paintedPage, removeFirstPaint } from '@momentos/design-kit';
import { texts } from '../texts';
import { loadRemotePage, type LoadRemotePage } from './load-remote-page';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteFallback } from './remote-fallback';
import type { PageName, RemoteName } from '@momentos/app-manifest';

/** Lets tests load pages without the federation runtime. */
export const RemoteLoaderContext = createContext<LoadRemotePage>(loadRemotePage);

type PageState = { status: 'loading' } | { status: 'ready'; Page: ComponentType } | { status: 'failed' };

/**
 * One page of a remote, as the shell's route table names it: the full-screen loading screen while the
 * remote and the page's chunk load, the Portuguese fallback with 'Tentar novamente' if either fails
 * (server down, 404, script error) or the page throws while rendering.
 */
export function RemotePage({ remote, page }: { remote: RemoteName; page: PageName<RemoteName> }) {
  const load = useContext(RemoteLoaderContext);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PageState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load(remote, page).then(
      // Rendered as a transition, as the boot's first render is: React renders the page in slices
      // that leave the main thread free between them (issue 29), rather than in one long task.
      (Page) => current && startTransition(() => setState({ status: 'ready', Page })),
      (error: unknown) => {
        console.error(`Could not load ${remote}/${page}`, error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [load, remote, page, attempt]);

  const retry = () => setAttempt((value) => value + 1);

  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'failed') return <PageFailed onRetry={retry} />;
  const { Page } = state;
  return (
    <RemoteErrorBoundary key={attempt} onReset={retry} fallback={(reset) => <PageFailed onRetry={reset} />}>
      <PaintHandover when={`${remote}/${page}`}>
        <Page />
      </PaintHandover>
    </RemoteErrorBoundary>
  );
}

/** What a page that could not load shows: the shell's fallback with 'Tentar novamente', in place of a painted view. */
export function PageFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <PaintHandover>
      <RemoteFallback onRetry={onRetry} />
    </PaintHandover>
  );
}

/** The shell's loading state of a page: while the server's painted view of it is on screen, that view. */
export function PageLoading() {
  return paintedPage() ? null : <LoadingScreen label={texts.loading} />;
}

/**
 * Removes the server's painted view once its page has rendered (in the same frame, before the browser
 * paints: nothing moves), or at once when a fallback takes its place. A page other than the painted
 * one (the invite page, which goes on to the painted welcome) leaves it on screen.
 */
function PaintHandover({ when, children }: { when?: string; children: ReactNode }) {
  useLayoutEffect(() => {
    const painted = paintedPage();
    if (painted && (when === undefined || when === painted)) removeFirstPaint();
  }, [when]);
  return <>{children}</>;
}
