import { remotes } from '@momentos/app-manifest';
import { createAppConfig, designKitCss } from '../rspack.base';
import { federation } from './module-federation.config';

export default createAppConfig({
  dir: __dirname,
  port: remotes.gallery_remote.devPort,
  federation,
  title: 'Momentos: galeria',
  // The gallery's first screen that the server paints on /events/share/albums/{id} (issue 13), and the
  // organiser's photo screen's frame on /events/{id}/photos (issue 29).
  firstPaint: [
    {
      template: 'src/features/gallery/first-paint/gallery.html',
      css: [
        designKitCss('theme/tokens.css'),
        designKitCss('loading-screen/loading-screen.css'),
        designKitCss('bottom-navigation/bottom-navigation.css'),
        'src/features/gallery/gallery.css',
      ],
    },
    {
      template: 'src/features/event-photos/first-paint/event-photos.html',
      css: [
        designKitCss('theme/tokens.css'),
        designKitCss('loading-screen/loading-screen.css'),
        'src/features/gallery/gallery.css',
        'src/features/messages/messages.css',
        'src/features/event-photos/event-photos.css',
      ],
    },
  ],
});
