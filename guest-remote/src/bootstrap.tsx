import { renderStandalone } from '@momentos/design-kit';
import { pages } from './routes';

// Standalone mount for this team's own dev server; inside the product the shell routes to `pages`.
renderStandalone(pages, [
  { path: '/invite/:code', page: 'invite' },
  { path: '/events/share/:id', page: 'welcome' },
  { path: '/events/upload/:id', page: 'upload' },
]);
