import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { routesOf, type PageName, type RemoteName } from '@momentos/app-manifest';
import { LoadingScreen, ToastHost, type RemotePages } from '@momentos/design-kit';
import { BrowserAppRouter } from './app-router';
import { LazyPage } from './lazy-page';

/**
 * Mounts a remote on its own dev server, without the shell: its pages at the paths the app manifest
 * gives them, so a team can run and test its remote alone (`npm run dev` inside the remote).
 */
export function renderStandalone<R extends RemoteName>(remote: R, pages: RemotePages<R>): void {
  const routes = routesOf(remote).map(({ path, page }) => ({
    path,
    // routesOf(remote) holds only this remote's routes, so `page` is one of its pages.
    element: <LazyPage key={page} load={pages[page as PageName<R>]} fallback={<LoadingScreen label="Carregando..." />} />,
  }));
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <BrowserAppRouter routes={routes} />
      <ToastHost />
    </StrictMode>,
  );
}
