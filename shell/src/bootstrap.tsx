import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoute } from '@momentos/app-manifest';
import { App } from './app';
import { loadAuthGuard } from './auth/guarded';
import { loadRemotePage } from './remotes/load-remote-page';
import { paintedViewDrawn } from './remotes/painted-view-drawn';
import type { RemotesConfig } from './remotes/remotes-config';
import { registerRemotesAtRuntime } from './remotes/register-remotes';

export async function boot(remotes: Promise<RemotesConfig>) {
  // Where each remote lives is decided at deploy time: remotes.json, read before the first render.
  registerRemotesAtRuntime(await remotes);
  // The current route's page starts loading now, in parallel with React's first render.
  const route = matchRoute(window.location.pathname);
  if (route) loadRemotePage(route.remote, route.page).catch(() => undefined);
  // An organiser page's guard is in before the first render (its chunk is preloaded): the page then
  // renders without a loading step in between (auth/guarded.tsx). A failure is the guard's to show.
  await Promise.all([paintedViewDrawn(), route?.guarded ? loadAuthGuard().catch(() => undefined) : undefined]);
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // A transition is rendered in slices of a few milliseconds, with the main thread free between
  // them, where a plain render is one long task (a tap waits for it; issue 29's blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
