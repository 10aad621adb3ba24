import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { PageFailed, PageLoading } from '../remotes/remote-page';
import type * as AuthGuardModule from './auth-guard';

type GuardModule = typeof AuthGuardModule;

let loaded: GuardModule | undefined;

/**
 * The auth guard's chunk. It reads the auth store (@momentos/api-client, with axios), so it comes with
 * the first organiser page: a guest's first visit does not download it. Its chunk is named: the server
 * preloads it on a guarded route (page-chunks.json), and the boot loads it before the first render
 * there (issue 29).
 */
export function loadAuthGuard(): Promise<GuardModule> {
  return import(/* webpackChunkName: "auth-guard" */ './auth-guard').then((module) => (loaded = module));
}

/**
 * An organiser page behind the auth guard. Not React.lazy in a Suspense boundary: a boundary that has
 * shown its fallback holds back what replaces it until 300 ms after (React's throttle of Suspense
 * retries), an idle wait on every first load of an organiser page even with the chunk in memory.
 * Once the boot has loaded the chunk, the guard renders at once; otherwise the loading screen shows
 * until it arrives, and the shell's fallback with 'Tentar novamente' if it cannot.
 */
export function Guarded({ children }: { children: ReactNode }) {
  const [guard, setGuard] = useState<GuardModule | 'failed' | undefined>(loaded);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (loaded) return;
    let current = true;
    loadAuthGuard().then(
      (module) => current && startTransition(() => setGuard(module)),
      (error: unknown) => {
        console.error('Could not load the auth guard', error);
        if (current) setGuard('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  // As a remote page that could not load (remote-page.tsx): the fallback, in place of a painted view.
  if (guard === 'failed')
    return (
      <PageFailed
        onRetry={() => {
          setGuard(undefined);
          setAttempt((value) => value + 1);
        }}
      />
    );
  if (!guard) return <PageLoading />;
  return <guard.AuthGuard>{children}</guard.AuthGuard>;
}
