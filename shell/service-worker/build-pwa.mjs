// Issue 28: the installable app, made after the shell's build into shell/dist: the icons (PNG from
// the SVG below, drawn by sharp), the web app manifest with its share target, and the service worker
// (Workbox's generateSW: the shell's files precached, the guest remote's cached at install and served
// cache-first, remoteEntry.js and remotes.json always asked first, pages network-first).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { generateSW } from 'workbox-build';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'dist');
const THEME = '#6366f1';
const BACKGROUND = '#f5f5f7';

/** The mark: a camera's lens in a rounded square; `inset` leaves the maskable safe zone. */
const icon = (size, inset) => {
  const r = size * (0.5 - inset);
  const c = size / 2;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${inset > 0.1 ? 0 : size * 0.22}" fill="${THEME}"/>
  <rect x="${c - r * 0.78}" y="${c - r * 0.5}" width="${r * 1.56}" height="${r * 1.12}" rx="${r * 0.2}" fill="#fff"/>
  <rect x="${c - r * 0.3}" y="${c - r * 0.68}" width="${r * 0.6}" height="${r * 0.3}" rx="${r * 0.08}" fill="#fff"/>
  <circle cx="${c}" cy="${c + r * 0.06}" r="${r * 0.36}" fill="${THEME}"/>
  <circle cx="${c}" cy="${c + r * 0.06}" r="${r * 0.2}" fill="#fff"/>
</svg>`);
};

const icons = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any', inset: 0.06 },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any', inset: 0.06 },
  { file: 'icons/maskable-192.png', size: 192, purpose: 'maskable', inset: 0.2 },
  { file: 'icons/maskable-512.png', size: 512, purpose: 'maskable', inset: 0.2 },
];

fs.mkdirSync(path.join(dist, 'icons'), { recursive: true });
for (const { file, size, inset } of icons) await sharp(icon(size, inset)).png().toFile(path.join(dist, file));

const manifest = {
  id: '/',
  name: 'Momentos',
  short_name: 'Momentos',
  description: 'Envie as fotos e os vídeos do evento e veja a galeria.',
  lang: 'pt-BR',
  start_url: '/?origem=app',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: THEME,
  background_color: BACKGROUND,
  icons: icons.map(({ file, size, purpose }) => ({ src: `/${file}`, sizes: `${size}x${size}`, type: 'image/png', purpose })),
  share_target: {
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { title: 'title', text: 'text', files: [{ name: 'media', accept: ['image/*', 'video/*'] }] },
  },
};
fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), `${JSON.stringify(manifest, null, 2)}\n`);
fs.copyFileSync(path.join(here, 'momentos-sw.js'), path.join(dist, 'momentos-sw.js'));
// The share target's own pages, precached: 'open the invite first' (also the server's answer to a
// share that no worker caught) and the style of the worker's 'which event?' page.
for (const file of fs.readdirSync(path.join(here, 'pages'))) fs.copyFileSync(path.join(here, 'pages', file), path.join(dist, file));

const { count, size, warnings } = await generateSW({
  globDirectory: dist,
  // The shell's code and styles; index.html is the server's (preload hints, painted views): pages are cached as visited.
  globPatterns: ['**/*.{js,css}', 'manifest.webmanifest', 'icons/*.png', 'compartilhar.html'],
  globIgnores: ['sw.js', 'workbox-*.js', 'momentos-sw.js', '**/*.map'],
  swDest: path.join(dist, 'sw.js'),
  importScripts: ['/momentos-sw.js'],
  // Hashed names carry their version: no revision needed beyond the name.
  dontCacheBustURLsMatching: /\.[0-9a-f]{8,}\.(js|css)$/,
  clientsClaim: true,
  skipWaiting: false,
  cleanupOutdatedCaches: true,
  sourcemap: false,
  // One file: importScripts and every listener run in the worker's first evaluation (a listener added later is ignored).
  inlineWorkboxRuntime: true,
  runtimeCaching: [
    {
      urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
      handler: 'NetworkFirst',
      options: { cacheName: 'momentos-pages', networkTimeoutSeconds: 5, matchOptions: { ignoreVary: true }, expiration: { maxEntries: 30 } },
    },
    {
      urlPattern: ({ url }) => url.pathname === '/remotes.json' || /\/(remoteEntry\.js|mf-manifest\.json)$/.test(url.pathname),
      handler: 'NetworkFirst',
      options: { cacheName: 'momentos-entries', networkTimeoutSeconds: 5, matchOptions: { ignoreVary: true } },
    },
    {
      urlPattern: ({ url }) => url.pathname.startsWith('/remotes/'),
      handler: 'CacheFirst',
      options: { cacheName: 'momentos-remotes', matchOptions: { ignoreVary: true }, expiration: { maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60 } },
    },
    {
      urlPattern: ({ url }) => url.pathname === '/api/files' && /\/(image-[0-9a-f]{16}(-card)?|pho_[0-9a-f-]{36}-(grid|display))\.[a-z]+$/.test(url.searchParams.get('path') ?? ''),
      handler: 'CacheFirst',
      options: { cacheName: 'momentos-images', matchOptions: { ignoreVary: true }, expiration: { maxEntries: 120 } },
    },
  ],
});
for (const warning of warnings) console.warn(warning);
console.info(`service worker: ${count} files precached (${(size / 1024).toFixed(1)} KB), manifest and ${icons.length} icons written`);
