import { remotes } from '@momentos/app-manifest';
import { createAppConfig, designKitCss } from '../rspack.base';
import { federation } from './module-federation.config';

export default createAppConfig({
  dir: __dirname,
  port: remotes.organiser_remote.devPort,
  federation,
  title: 'Momentos: organizador',
  // The entry's first step that the server paints on / (issue 29).
  firstPaint: [
    {
      template: 'src/features/entry/first-paint/entry.html',
      css: [designKitCss('theme/tokens.css'), 'src/features/entry/entry.css'],
    },
  ],
});
