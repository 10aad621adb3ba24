import { remotes } from '@momentos/app-manifest';
import { createAppConfig, designKitCss } from '../rspack.base';
import { federation } from './module-federation.config';

export default createAppConfig({
  dir: __dirname,
  port: remotes.guest_remote.devPort,
  federation,
  title: 'Momentos: convidado',
  // The welcome that the server paints on /invite/{code} and /events/share/{id} (issue 13).
  firstPaint: [{ template: 'src/features/welcome/first-paint/welcome.html', css: [designKitCss('theme/tokens.css'), 'src/features/welcome/welcome-page.css'] }],
});
