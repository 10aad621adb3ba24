import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { RemoteRoutesModule } from '../remote-contract/remote-contract';
import { ToastHost } from '../toasts/toasts';

export interface StandaloneRoute {
  path: string;
  page: string;
}

/**
 * Mounts a remote on its own dev server, without the shell: its pages at their spec paths, so a team
 * can run and test its remote alone (`npm run dev` inside the remote).
 */
export function renderStandalone(pages: RemoteRoutesModule['pages'], routes: StandaloneRoute[]): void {
  const router = createBrowserRouter(
    routes.map(({ path, page }) => ({
      path,
      lazy: async () => ({ Component: (await pages[page]()).default }),
    })),
  );
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <RouterProvider router={router} />
      <ToastHost />
    </StrictMode>,
  );
}
