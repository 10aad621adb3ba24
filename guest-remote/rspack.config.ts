import { remotes } from '@momentos/app-manifest';
import { createAppConfig, designKitCss } from '../rspack.base';
import { federation } from './module-federation.config';

export default createAppConfig({
  dir: __dirname,
  port: remotes.guest_remote.devPort,
  federation,
  title: 'Momentos: convidado',
  firstPaint: [
    // The welcome that the server paints on /invite/{code} and /events/share/{id} (issue 13).
    { template: 'src/features/welcome/first-paint/welcome.html', css: [designKitCss('theme/tokens.css'), 'src/features/welcome/welcome-page.css'] },
    // The upload screen's first step, the guest's name, painted on /events/upload/{id} (issue 29).
    {
      template: 'src/features/upload/first-paint/upload.html',
      css: [designKitCss('theme/tokens.css'), designKitCss('field/field.css'), 'src/features/upload/upload-page.css'],
    },
  ],
});
