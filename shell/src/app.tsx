import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ToastHost } from '@momentos/design-kit';
import { shellRoutes } from './routes/shell-routes';

export function App() {
  const router = useMemo(() => createBrowserRouter(shellRoutes()), []);
  return (
    <>
      <RouterProvider router={router} />
      <ToastHost />
    </>
  );
}
