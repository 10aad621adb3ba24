import { renderStandalone } from '@momentos/design-kit';
import { pages } from './routes';

// Standalone mount for this team's own dev server; inside the product the shell routes to `pages`.
renderStandalone(pages, [
  { path: '/', page: 'entry' },
  { path: '/events', page: 'event-list' },
  { path: '/events/register', page: 'event-form' },
  { path: '/events/register/:id', page: 'event-form' },
]);
