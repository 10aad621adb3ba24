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

/** Gives the bench event (startApi) its cover image, as the organiser's edit form would (4000×3000 unless told). */
export async function addCoverImage(api, { width = 4000, height = 3000 } = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ name: 'Casamento de Ana e Rui', date: '2030-06-01 18:30', location: 'Lisboa', contact: 'b@example.com' })) form.append(k, v);
  form.append('image', new Blob([await photoLikeJpeg(width, height)], { type: 'image/jpeg' }), 'capa.jpg');
  const response = await fetch(`${api.url}/api/events/${api.eventId}`, { method: 'PUT', headers: { authentication: api.token }, body: form });
  if (!response.ok) throw new Error(`cover image: ${response.status}`);
  const event = await response.json();
  return event.code;
}

/**
 * Uploads `count` photo-like 12-megapixel JPEGs into the bench album (as guests would, 10 per request)
 * and waits until the server has made their renditions. A few distinct pictures, each copy made unique
 * by trailing bytes after the image (the server stores the same bytes once per album).
 */
export async function fillAlbum(api, count, { distinct = 12, width = 4000, height = 3000 } = {}) {
  const pictures = [];
  for (let i = 0; i < Math.min(distinct, count); i++) pictures.push(await photoLikeJpeg(width, height, i + 1));
  for (let start = 0; start < count; start += 10) {
    const form = new FormData();
    form.append('album_id', api.albumId);
    form.append('user_id', `Convidado ${start / 10 + 1}`);
    for (let i = start; i < Math.min(count, start + 10); i++) {
      const bytes = Buffer.concat([pictures[i % pictures.length], Buffer.from(`copy-${i}`)]);
      form.append('images', new Blob([bytes], { type: 'image/jpeg' }), `foto-${i}.jpg`);
    }
    const response = await fetch(`${api.url}/api/events/photos`, { method: 'POST', body: form });
    if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  }
  for (;;) {
    const photos = await (await fetch(`${api.url}/api/events/photos/${api.albumId}`)).json();
    if (photos.length >= count && photos.every((photo) => !photo.processing)) return photos;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
