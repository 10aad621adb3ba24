import { remotes } from '@momentos/app-manifest';
import { createAppConfig, designKitCss } from '../rspack.base';
import { federation } from './module-federation.config';

export default createAppConfig({
  dir: __dirname,
  port: remotes.organiser_remote.devPort,
  federation,
  title: 'Momentos: organizador',
  // The entry's first step that the server paints on / (issue 29), the event list's frame before its
  // data, and the new-event form (the same for every organiser).
  firstPaint: [
    {
      template: 'src/features/entry/first-paint/entry.html',
      css: [designKitCss('theme/tokens.css'), 'src/features/entry/entry.css'],
    },
    {
      template: 'src/features/event-list/first-paint/event-list.html',
      css: [designKitCss('theme/tokens.css'), designKitCss('tour/tour.css'), designKitCss('bottom-navigation/bottom-navigation.css'), 'src/layout/organiser.css', 'src/features/event-list/event-list.css'],
    },
    {
      template: 'src/features/event-form/first-paint/event-form.html',
      css: [
        designKitCss('theme/tokens.css'),
        designKitCss('field/field.css'),
        designKitCss('bottom-navigation/bottom-navigation.css'),
        'src/layout/organiser.css',
        'src/layout/choice.css',
        'src/layout/toggle.css',
        'src/features/event-form/event-form.css',
      ],
    },
  ],
});
