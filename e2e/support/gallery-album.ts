import sharp from 'sharp';

/** Creates, through the API, an organiser's event with one public, upload-available album. */
export async function createPublicAlbum(apiUrl: string, email: string, password: string, eventName = 'Casamento Ana & Bruno') {
  const auth = await fetch(`${apiUrl}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = auth.headers.get('authentication');
  if (!auth.ok || !token) throw new Error(`login failed: ${auth.status}`);

  const form = new FormData();
  form.set('name', eventName);
  form.set('date', '2030-05-10 18:00');
  form.set('location', 'Salão Azul');
  form.set('contact', 'contato@example.com');
  const created = await fetch(`${apiUrl}/api/events`, { method: 'POST', headers: { authentication: token }, body: form });
  if (created.status !== 201 && created.status !== 200) throw new Error(`event: ${created.status} ${await created.text()}`);
  const event = (await created.json()) as { id: string; code: string };

  const albumResponse = await fetch(`${apiUrl}/api/albums/${event.id}`, {
    method: 'POST',
    headers: { authentication: token, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Festa', description: 'Fotos da festa', is_public: true, is_available: true }),
  });
  if (albumResponse.status !== 201) throw new Error(`album: ${albumResponse.status} ${await albumResponse.text()}`);
  const album = (await albumResponse.json()) as { id: string };
  return { token, eventId: event.id, code: event.code, albumId: album.id };
}

/** A small real JPEG of one colour (the server judges types by their bytes and makes thumbnails). */
export function jpeg(color: string, width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).jpeg({ quality: 90 }).toBuffer();
}

/** A guest upload, as the upload screen sends it (multipart album_id, user_id, repeated images). */
export async function uploadPhotos(apiUrl: string, albumId: string, userId: string, files: Array<{ name: string; bytes: Buffer }>) {
  const form = new FormData();
  form.set('album_id', albumId);
  form.set('user_id', userId);
  for (const file of files) form.append('images', new Blob([new Uint8Array(file.bytes)], { type: 'image/jpeg' }), file.name);
  const response = await fetch(`${apiUrl}/api/events/photos`, { method: 'POST', body: form });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return (await response.json()) as { photos: Array<{ id: string; processing: boolean; compressed_photo: string | null }> };
}

/** Waits until the server has made every photo's thumbnail. */
export async function waitForThumbnails(apiUrl: string, albumId: string, count: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = (await (await fetch(`${apiUrl}/api/events/photos/${albumId}`)).json()) as Array<{ processing: boolean }>;
    if (list.length >= count && list.every((item) => !item.processing)) return list;
    if (Date.now() > deadline) throw new Error('thumbnails not made in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
