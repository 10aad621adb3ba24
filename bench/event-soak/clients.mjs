// The soak's simulated people, all through the round-robin proxy: guests uploading, gallery
// subscribers (album sockets), walls (a wall link opened on three TVs) and the organiser moderating.
import { randomBytes } from 'node:crypto';
import { apiRequire } from '../lib.mjs';

const WebSocket = apiRequire('ws');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * A photo is ready for the wall as the wall decides it (gallery-remote's wall-playlist `showable`):
 * finished, without error, with its grid or screen copy (issue 29: the grid copy comes first, and the
 * wall swaps in the screen copy when it arrives).
 */
export const ready = (photo) => Boolean(photo) && !photo.processing && !photo.error && Boolean(photo.display_photo ?? photo.compressed_photo);
/** The wall has the photo's screen copy (display_photo). */
const sharp = (photo) => ready(photo) && Boolean(photo.display_photo);

/** One upload request of one file; answers `{ ok, status, ms, photo }` (status 0: the request failed on the way). */
async function uploadOnce(base, { albumId, guest, file, clientKey, preview }) {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', `Convidado ${guest}`);
  form.append('client_key', clientKey);
  form.append('images', new Blob([file.bytes], { type: file.type }), file.name);
  // Issue 29: the preview the phone made while the guest looked at the selection, right after its photo.
  if (preview && file.preview) form.append('preview', new Blob([file.preview], { type: 'image/webp' }), 'preview.webp');
  const sent = performance.now();
  try {
    const response = await fetch(`${base}/api/events/photos`, { method: 'POST', body: form });
    const body = await response.json().catch(() => null);
    const ms = performance.now() - sent;
    return { ok: response.status === 201 && Boolean(body?.photos?.[0]?.id), status: response.status, ms, photo: body?.photos?.[0] ?? null, message: body?.message, retryAfter: Number(response.headers.get('retry-after') ?? 0) };
  } catch (error) {
    return { ok: false, status: 0, ms: performance.now() - sent, photo: null, message: String(error?.cause?.code ?? error?.message ?? error) };
  }
}

/**
 * A guest's upload of one file as the guest's queue does it: a client key of its own (and, with
 * `preview`, a photo's preview right after it), and after a
 * network failure, 502, 503 or 429 the same file again (up to 3 more tries, 2 s apart or Retry-After);
 * a resend of a file that had arrived is answered as that photo (`duplicate`), nothing stored twice.
 * Answers the last try with `attempts` (every try's status and time).
 */
export async function upload(base, { albumId, guest, file, preview = false }) {
  const clientKey = randomBytes(32).toString('base64url');
  const attempts = [];
  for (;;) {
    const answer = await uploadOnce(base, { albumId, guest, file, clientKey, preview });
    attempts.push({ status: answer.status, ms: Math.round(answer.ms), message: answer.ok ? undefined : answer.message });
    const retry = answer.status === 0 || answer.status === 502 || answer.status === 503 || answer.status === 429;
    if (answer.ok || !retry || attempts.length >= 4) return { ...answer, attempts };
    await sleep(Math.max(2000, answer.retryAfter * 1000 || 0));
  }
}

/**
 * A socket that reconnects for as long as the bench runs (1 s after a close), as the wall and the
 * gallery do; `open()` answers its URL (asking for a ticket first when needed).
 */
function lastingSocket({ open, onMessage, onOpen, stats }) {
  let socket = null;
  let stopped = false;
  const connect = async () => {
    let url;
    try {
      url = await open();
    } catch {
      stats.refused++;
      if (!stopped) setTimeout(connect, 1000);
      return;
    }
    let wasOpen = false;
    socket = new WebSocket(url);
    socket.on('open', () => {
      wasOpen = true;
      stats.open++;
      onOpen?.();
    });
    socket.on('message', (data) => {
      stats.messages++;
      let message;
      try {
        message = JSON.parse(data.toString());
      } catch {
        return;
      }
      onMessage(message);
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      if (wasOpen) stats.open--;
      stats.closes[code] = (stats.closes[code] ?? 0) + 1;
      if (!stopped) {
        stats.reconnects++;
        setTimeout(connect, 1000);
      }
    });
  };
  return {
    started: connect(),
    stop: () => {
      stopped = true;
      socket?.terminate();
    },
  };
}

const newStats = () => ({ open: 0, messages: 0, reconnects: 0, refused: 0, closes: {} });

/**
 * `count` gallery subscribers of a public album: each only listens (the gallery merges what it hears in
 * place) and counts the photos announced to it.
 */
export async function startGallerySockets(base, albumId, count) {
  const wsBase = base.replace(/^http/, 'ws');
  const sockets = [];
  for (let i = 0; i < count; i++) {
    const stats = newStats();
    const heard = new Set();
    const socket = lastingSocket({
      open: async () => `${wsBase}/ws/albums/${albumId}`,
      onMessage: (message) => {
        if (message.type === 'new_photos') for (const photo of message.payload?.photos ?? []) heard.add(photo.id);
      },
      stats,
    });
    sockets.push({ ...socket, stats, heard });
    if (i % 50 === 49) await Promise.all(sockets.slice(-50).map((s) => s.started));
  }
  await Promise.all(sockets.map((s) => s.started));
  for (let i = 0; i < 100 && sockets.some((s) => s.stats.open === 0); i++) await sleep(100);
  return {
    sockets,
    open: () => sockets.filter((s) => s.stats.open > 0).length,
    reconnects: () => sockets.reduce((sum, s) => sum + s.stats.reconnects, 0),
    stop: () => sockets.forEach((s) => s.stop()),
  };
}

/**
 * A wall opened from the wall link: it reads the link, asks for a ticket with the link's token, opens
 * the event's socket, loads the public list and the messages at each (re)connection and when an
 * announcement carries no photos, and fetches each photo's screen rendition once it is announced
 * ready, as the wall page does (and its screen copy once that is announced). `onReady(id, at, via)` is
 * called the first time a photo is ready on it, `onSharp(id, at)` the first time its screen copy is.
 */
export async function startWall(base, { wallToken, eventId, onReady, onSharp = () => {} }) {
  const wsBase = base.replace(/^http/, 'ws');
  const headers = { 'x-wall-token': wallToken };
  // fetchFailures: each failed fetch by its status (0: on the way) and the file's kind (preview, grid, screen copy).
  const stats = { ...newStats(), fetched: 0, fetchedBytes: 0, fetchFailed: 0, fetchFailures: {}, listLoads: 0 };
  const seen = new Set();
  const seenSharp = new Set();
  const show = (photo, via) => {
    if (!ready(photo)) return;
    const first = !seen.has(photo.id);
    const upgrade = sharp(photo) && !seenSharp.has(photo.id);
    if (!first && !upgrade) return;
    seen.add(photo.id);
    if (first) onReady(photo.id, performance.now(), via);
    if (upgrade) {
      seenSharp.add(photo.id);
      onSharp(photo.id, performance.now());
    }
    const src = photo.display_photo ?? photo.compressed_photo;
    fetch(new URL(src, base), { headers })
      .then(async (response) => {
        const bytes = await response.arrayBuffer();
        if (!response.ok) throw Object.assign(new Error(String(response.status)), { status: response.status });
        stats.fetched++;
        stats.fetchedBytes += bytes.byteLength;
      })
      .catch((error) => {
        stats.fetchFailed++;
        const kind = /-preview-/.test(src) ? 'preview' : /-display\./.test(src) ? 'screen' : 'grid';
        const label = `${error.status ?? 0} ${kind}`;
        stats.fetchFailures[label] = (stats.fetchFailures[label] ?? 0) + 1;
      });
  };
  const reload = async () => {
    stats.listLoads++;
    const [photos] = await Promise.all([
      fetch(`${base}/api/events/photos/${eventId}?public_only=true`, { headers }).then((r) => (r.ok ? r.json() : [])),
      fetch(`${base}/api/events/${eventId}/messages`, { headers }).then((r) => r.arrayBuffer()),
    ]).catch(() => [[]]);
    for (const photo of photos) show(photo, 'list');
  };
  const socket = lastingSocket({
    open: async () => {
      const wall = await fetch(`${base}/api/wall/${wallToken}`);
      if (!wall.ok) throw new Error(`wall ${wall.status}`);
      const answer = await fetch(`${base}/api/ws-ticket`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ album_id: eventId }) });
      if (answer.status !== 201) throw new Error(`ticket ${answer.status}`);
      return `${wsBase}/ws/albums/${eventId}?ticket=${encodeURIComponent((await answer.json()).ticket)}`;
    },
    onOpen: () => void reload(),
    onMessage: (message) => {
      if (message.type !== 'new_photos' && message.type !== 'photos_updated') return;
      const photos = message.payload?.photos ?? [];
      if (message.type === 'new_photos' && photos.length === 0) void reload();
      for (const photo of photos) show(photo, 'socket');
    },
    stats,
  });
  await socket.started;
  return { stats, seen, stop: socket.stop };
}

/**
 * The organiser on the event's photo screen: every `everyMs`, reads the owner's list of the whole
 * event, approves what waits for approval (older than 10 s), hides two photos every wall has shown and
 * shows again one hidden before. Answers the counts and each call's latency.
 */
export function startOrganiser(base, { token, eventId, everyMs = 30_000, shownEverywhere, onApproving = () => {} }) {
  const headers = { authentication: token, origin: base };
  const stats = { rounds: 0, listMs: [], patchMs: [], approved: 0, hidden: 0, shownAgain: 0, failed: 0, failures: [] };
  const hiddenIds = new Set();
  const pendingSince = new Map();
  let stopped = false;
  const patch = async (id, body) => {
    const started = performance.now();
    const response = await fetch(`${base}/api/events/photos/${id}`, { method: 'PATCH', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }).catch((error) => ({ status: 0, error }));
    stats.patchMs.push(performance.now() - started);
    if (response.status !== 200) {
      stats.failed++;
      if (stats.failures.length < 10) stats.failures.push(`PATCH ${JSON.stringify(body)} → ${response.status}`);
      return false;
    }
    await response.arrayBuffer();
    return true;
  };
  const round = async () => {
    const started = performance.now();
    const response = await fetch(`${base}/api/events/photos/${eventId}`, { headers }).catch(() => null);
    if (!response?.ok) {
      stats.failed++;
      return;
    }
    const photos = await response.json();
    stats.listMs.push(performance.now() - started);
    stats.rounds++;
    const now = performance.now();
    for (const photo of photos.filter((p) => p.pending)) {
      if (!pendingSince.has(photo.id)) pendingSince.set(photo.id, now);
      if (now - pendingSince.get(photo.id) < 10_000) continue;
      // Told before the request: the wall may hear of the photo before this answer arrives.
      onApproving(photo.id, performance.now());
      if (await patch(photo.id, { pending: false })) stats.approved++;
    }
    const candidates = photos.filter((p) => !p.hidden && !p.pending && shownEverywhere(p.id));
    for (const photo of candidates.slice(-20).sort(() => Math.random() - 0.5).slice(0, 2)) {
      if (await patch(photo.id, { hidden: true })) {
        stats.hidden++;
        hiddenIds.add(photo.id);
      }
    }
    const again = [...hiddenIds][0];
    if (again && hiddenIds.size > 3 && (await patch(again, { hidden: false }))) {
      stats.shownAgain++;
      hiddenIds.delete(again);
    }
  };
  const loop = (async () => {
    while (!stopped) {
      await sleep(everyMs);
      if (!stopped) await round().catch(() => stats.failed++);
    }
  })();
  return { stats, hiddenIds, round, stop: async () => ((stopped = true), await loop) };
}
