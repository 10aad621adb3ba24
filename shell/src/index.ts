import { firstPaintReady } from './first-paint-ready';
import { keepPaintedTaps } from './painted-tap';
import { fetchRemotesConfig } from './remotes/remotes-config';

// remotes.json is asked for at once, while the shared modules load: it is on the critical path of
// every first visit (a guest on a slow phone network pays each round trip).
const remotes = fetchRemotesConfig(window.location.href);

// A tap on the painted view's buttons before the app runs is not lost: the app repeats it.
keepPaintedTaps();

// Async boundary: the federation runtime negotiates the shared singletons before bootstrap runs.
// A page the server painted first shows its lead images (the shared modules still download).
void firstPaintReady()
  .then(() => import('./bootstrap'))
  .then(({ boot }) => boot(remotes));
