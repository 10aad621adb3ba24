import { renderStandalone } from '@momentos/design-kit';
import { pages } from './routes';

// Standalone mount for this team's own dev server; inside the product the shell routes to `pages`.
renderStandalone(pages, [
  { path: '/events/share/albums/:id', page: 'gallery' },
]);
