import fp from 'fastify-plugin';
import type { Config } from '../config';
import { frontEndPageHandler } from '../web/front-end-page';
import { serveFrontEndFiles } from '../web/static-files';

/**
 * The web layer's wiring (src/web/): the built front end's files, and the shell's page (preload
 * hints, first paint) for every front-end route no other route took.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    await serveFrontEndFiles(app, config);

    // Issue 28: a share from the phone's gallery that no service worker caught (the worker not installed
    // yet, or removed with the site's data) cannot know the event: the page that says to open the
    // invite first, as the worker answers without an event. The files are not read.
    app.post('/share-target', async (_request, reply) => reply.redirect('/compartilhar.html', 303));

    app.setNotFoundHandler(frontEndPageHandler(app, config));
  },
  { name: 'web', dependencies: ['errors', 'db'] },
);
