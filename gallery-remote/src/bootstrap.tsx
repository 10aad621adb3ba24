import { renderStandalone } from '@momentos/design-kit/router';
import { pages } from './routes';

// Standalone mount for this team's own dev server (its routes from the app manifest); inside the
// product the shell routes to `pages`.
renderStandalone('gallery_remote', pages);
