import { ToastHost } from '@momentos/design-kit';
import { BrowserAppRouter } from '@momentos/design-kit/router';
import { shellRoutes } from './routes/shell-routes';

const routes = shellRoutes();

export function App() {
  return (
    <>
      <BrowserAppRouter routes={routes} />
      <ToastHost />
    </>
  );
}
