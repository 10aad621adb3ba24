import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routesOf, type PageName, type RemoteName } from '@momentos/app-manifest';
import type { RemotePages } from '../remote-contract/remote-contract';
import { ToastHost } from '../toasts/toasts';

/**
 * Mounts a remote on its own dev server, without the shell: its pages at the paths the app manifest
 * gives them, so a team can run and test its remote alone (`npm run dev` inside the remote).
 */
export function renderStandalone<R extends RemoteName>(remote: R, pages: RemotePages<R>): void {
  const router = createBrowserRouter(
    routesOf(remote).map(({ path, page }) => ({
      path,
      // routesOf(remote) holds only this remote's routes, so `page` is one of its pages.
      lazy: async () => ({ Component: (await pages[page as PageName<R>]()).default }),
    })),
  );
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <RouterProvider router={router} />
      <ToastHost />
    </StrictMode>,
  );
}
