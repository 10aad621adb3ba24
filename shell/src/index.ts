import { fetchRemotesConfig } from './remotes/remotes-config';

// remotes.json is asked for at once, while the shared modules load: it is on the critical path of
// every first visit (a guest on a slow phone network pays each round trip).
const remotes = fetchRemotesConfig(window.location.href);

// A tap on the painted view's buttons before the app runs is not lost: the paint loader, which every
// painted page links (paint-loader.ts), keeps it, and the app repeats it.

// Async boundary: the federation runtime negotiates the shared singletons before bootstrap runs. On a
// page the server painted with lead images, this entry runs only once they have arrived: the paint
// loader starts it (paint-loader.ts, issue 29), so the painted view is drawn before React starts.
// Its chunk is named: the server preloads it (page-chunks.json, issue 29).
void import(/* webpackChunkName: "bootstrap" */ './bootstrap').then(({ boot }) => boot(remotes));
