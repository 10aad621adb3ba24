// A guest's event as the benchmarks need it: the bench event gets a real cover image (a 12-megapixel
// JPEG with a photo's kind of detail), so that the welcome shows it and link previews carry its card.
import sharp from 'sharp';

/** A photo-like JPEG: smooth gradients under fine noise (noise alone would compress like no photo does). */
export async function photoLikeJpeg(width, height, seed = 1) {
  const small = Buffer.alloc(64 * 48 * 3);
  let state = seed * 7919;
  for (let i = 0; i < small.length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    small[i] = 40 + (state % 180);
  }
  const base = await sharp(small, { raw: { width: 64, height: 48, channels: 3 } }).resize(width, height, { kernel: 'cubic' }).raw().toBuffer();
  for (let i = 0; i < base.length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    base[i] = Math.max(0, Math.min(255, base[i] + (state % 25) - 12));
  }
  return sharp(base, { raw: { width, height, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
}

/** Gives the bench event (startApi) its cover image, as the organiser's edit form would. */
export async function addCoverImage(api) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ name: 'Casamento de Ana e Rui', date: '2030-06-01 18:30', location: 'Lisboa', contact: 'b@example.com' })) form.append(k, v);
  form.append('image', new Blob([await photoLikeJpeg(4000, 3000)], { type: 'image/jpeg' }), 'capa.jpg');
  const response = await fetch(`${api.url}/api/events/${api.eventId}`, { method: 'PUT', headers: { authentication: api.token }, body: form });
  if (!response.ok) throw new Error(`cover image: ${response.status}`);
  const event = await response.json();
  return event.code;
}
