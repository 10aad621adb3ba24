/* global self, caches, indexedDB */
// Issue 28: what Momentos' service worker does beyond Workbox's precache and runtime routes (sw.js,
// made by build-pwa.mjs, imports this file first). Plain JavaScript: it runs in the worker as is.

const PAGES = 'momentos-pages';
const REMOTES = 'momentos-remotes';
const ENTRIES = 'momentos-entries';
const SHARED_DB = 'momentos-shared';
const SHARED_STORE = 'files';

/** The guest remote's files from its mf-manifest.json: its entry, the chunks of its pages and of what it shares. */
async function guestRemoteFiles() {
  const remotes = await (await fetch('/remotes.json', { cache: 'no-store' })).json();
  const entry = new URL(remotes.guest_remote, self.location.origin);
  const manifestUrl = new URL('mf-manifest.json', entry);
  const manifest = await (await fetch(manifestUrl, { cache: 'no-store' })).json();
  const files = new Set();
  const add = (assets) => {
    for (const kind of ['js', 'css']) for (const timing of ['sync', 'async']) for (const file of assets?.[kind]?.[timing] ?? []) files.add(new URL(file, entry).href);
  };
  for (const expose of manifest.exposes ?? []) add(expose.assets);
  for (const shared of manifest.shared ?? []) add(shared.assets);
  return { entry: entry.href, manifest: manifestUrl.href, files: [...files] };
}

/**
 * At install: the pages open now (the invite the guest is on, already painted by the server), the
 * remotes list and the guest remote's entry and chunks, so the next visit opens without a network.
 * A failure here never blocks the install: the runtime routes fill the caches as pages are used.
 */
async function warmCaches() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const pages = await caches.open(PAGES);
  await Promise.all(
    windows
      .map((client) => new URL(client.url))
      .filter((url) => url.origin === self.location.origin)
      .map((url) => pages.add(url.href).catch(() => undefined)),
  );
  try {
    const guest = await guestRemoteFiles();
    const entries = await caches.open(ENTRIES);
    await Promise.all([entries.add('/remotes.json'), entries.add(guest.entry), entries.add(guest.manifest)].map((step) => step.catch(() => undefined)));
    const remotes = await caches.open(REMOTES);
    await Promise.all(guest.files.map((file) => remotes.add(file).catch(() => undefined)));
  } catch {
    // Offline or a remote elsewhere without CORS: cached as used instead.
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(warmCaches());
});

// The page asks to keep itself and the invite it came from (workbox-window's messageSW answers on a port).
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'MOMENTOS_KEEP_PAGES' || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter((url) => typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')).slice(0, 5);
  event.waitUntil(
    caches
      .open(PAGES)
      .then((pages) => Promise.all(urls.map((url) => pages.add(url).catch(() => undefined))))
      .then(() => event.ports[0]?.postMessage({ kept: urls.length })),
  );
});

function openShared() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(SHARED_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(SHARED_STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function sharedStep(mode, work) {
  return openShared().then(
    (db) =>
      new Promise((resolve, reject) => {
        const transaction = db.transaction(SHARED_STORE, mode);
        const result = work(transaction.objectStore(SHARED_STORE));
        transaction.oncomplete = () => resolve(result.result);
        transaction.onerror = () => reject(transaction.error);
      }),
  );
}

/** Events used within this many days are offered when the guest shares; older ones are forgotten. */
const RECENT_DAYS = 30;

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const uploadUrl = (eventId) => `/events/upload/${encodeURIComponent(eventId)}?compartilhado=1`;

/** 'Enviar para qual evento?': the guest sent to several events from this phone; the files wait meanwhile. */
function chooserPage(targets, fileCount) {
  const items = targets
    .map((target) => {
      const name = target.eventName || 'Evento sem nome';
      const used = new Date(target.usedAt).toLocaleDateString('pt-BR');
      return `<li><a href="${escapeHtml(uploadUrl(target.eventId))}">${escapeHtml(name)}<small>Último envio em ${escapeHtml(used)}</small></a></li>`;
    })
    .join('');
  const what = fileCount === 1 ? '1 arquivo' : `${fileCount} arquivos`;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Momentos: enviar para qual evento?</title><link rel="stylesheet" href="/compartilhar.css"></head>
<body><main><h1>Enviar para qual evento?</h1><p>Você compartilhou ${what}. Escolha o evento que vai recebê-los:</p><ul aria-label="Eventos">${items}</ul></main></body></html>`;
}

/** The events the guest sent to lately, the most recent first (the guest remote keeps the list). */
async function recentTargets() {
  const recent = await sharedStep('readonly', (store) => store.get('recent-targets')).catch(() => undefined);
  if (Array.isArray(recent) && recent.length > 0) {
    const since = Date.now() - RECENT_DAYS * 24 * 60 * 60 * 1000;
    const fresh = recent.filter((target) => target && target.eventId && target.usedAt >= since);
    return fresh.length > 0 ? fresh : recent.slice(0, 1);
  }
  // Written by the first version of the guest remote.
  const last = await sharedStep('readonly', (store) => store.get('last-target')).catch(() => undefined);
  return last && last.eventId ? [last] : [];
}

/**
 * The share target (manifest `share_target`): the photos and videos shared from the phone's gallery
 * wait in IndexedDB (they survive an update of this worker) and the upload screen of the event the
 * guest used last opens with them, or a page asks which event when the guest sent to several; without
 * an event yet, a page says to open the invite first (the server answers with the same page when no
 * worker runs).
 */
async function receiveShare(request) {
  const form = await request.formData();
  const files = form.getAll('media').filter((file) => typeof file !== 'string' && /^(image|video)\//.test(file.type));
  const targets = await recentTargets();
  if (targets.length === 0) return Response.redirect('/compartilhar.html', 303);
  if (files.length > 0) {
    const waiting = (await sharedStep('readonly', (store) => store.get('shared')).catch(() => undefined)) ?? [];
    // Name and type beside the bytes: the upload screen makes them files again.
    const records = files.map((file) => ({ name: file.name, type: file.type, lastModified: file.lastModified, blob: file }));
    await sharedStep('readwrite', (store) => store.put([...waiting, ...records], 'shared'));
  }
  if (targets.length > 1) return new Response(chooserPage(targets, files.length), { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
  return Response.redirect(uploadUrl(targets[0].eventId), 303);
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method === 'POST' && url.origin === self.location.origin && url.pathname === '/share-target') {
    event.respondWith(receiveShare(event.request));
  }
});
