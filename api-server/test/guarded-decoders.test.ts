import sharp from 'sharp';
import { heifDimensionsOf } from '../src/infra/media/heic-dimensions';
import { processPhoto } from '../src/services/media/media-job';
import { ffmpegInput } from '../src/infra/media/thumbnails';
import { createAlbum, createEvent, organiserSession, readJson, startServer, type TestServer } from './helpers';

// Issue 23, item 6: HEIC dimensions read from the container and refused before decoding; every media
// job decodes in a process of its own under MEDIA_JOB_MAX_MEMORY; ffmpeg opens local files only,
// with the demuxer of the type the bytes revealed.

jest.setTimeout(120_000);

const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};
const fullBox = (type: string, ...content: Buffer[]) => box(type, Buffer.alloc(4), ...content);
const u32 = (...values: number[]) => Buffer.concat(values.map((value) => Buffer.from([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255])));

/** A HEIF head as a phone writes it (ftyp, then meta with the image properties), declaring `width` × `height`, then junk. */
function heicDeclaring(width: number, height: number): Buffer {
  const ftyp = box('ftyp', Buffer.from('heic'), u32(0), Buffer.from('mif1heic'));
  const meta = fullBox('meta', fullBox('hdlr', u32(0), Buffer.from('pict'), Buffer.alloc(13)), box('iprp', box('ipco', fullBox('ispe', u32(width, height)))));
  return Buffer.concat([ftyp, meta, box('mdat', Buffer.alloc(4096, 0x5a))]);
}

async function upload(server: TestServer, albumId: string, name: string, bytes: Buffer, type: string) {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', 'Convidado');
  form.append('images', new Blob([bytes], { type }), name);
  const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
  expect(response.status).toBe(201);
  return (await readJson(response)).photos[0].id as string;
}

const updateOf = async (server: TestServer, albumId: string, id: string) => (await readJson(await fetch(`${server.url}/api/events/photos/updates/${albumId}?ids=${id}`)))[0];

describe('guarded decoders', () => {
  test('the HEIF head is read for its declared size (ispe)', () => {
    expect(heifDimensionsOf(heicDeclaring(30_000, 30_000))).toEqual({ width: 30_000, height: 30_000 });
    expect(heifDimensionsOf(heicDeclaring(4032, 3024))).toEqual({ width: 4032, height: 3024 });
    expect(heifDimensionsOf(Buffer.concat([box('ftyp', Buffer.from('heic')), box('mdat', Buffer.alloc(10))]))).toBeNull();
    expect(heifDimensionsOf(heicDeclaring(100, 100).subarray(0, 30))).toBeNull();
  });

  test('a HEIC whose header declares 30,000 × 30,000 is refused before any decoder runs: its job fails, the server does not', async () => {
    const server = await startServer();
    try {
      const ana = await organiserSession(server, 'ana@example.com');
      const album = await createAlbum(server, ana.token, (await createEvent(server, ana.token)).id);
      const id = await upload(server, album.id, 'IMG_9999.HEIC', heicDeclaring(30_000, 30_000), 'image/heic');
      await server.app.media.idle();
      expect(await updateOf(server, album.id, id)).toMatchObject({ processing: false, error: expect.any(String) });

      // Run once more by hand to read why: the declared size, not a decoder's failure.
      await server.app.db.updateTable('photos').set({ processing: 1, error: null }).where('id', '=', id).execute();
      const warnings: Array<{ err?: Error }> = [];
      const started = Date.now();
      await processPhoto(
        { db: server.app.db, storage: server.app.storage, temp: server.app.temp, media: server.config.media, log: { warn: (details) => warnings.push(details) } },
        id,
        new AbortController().signal,
      );
      expect(Date.now() - started).toBeLessThan(1000);
      expect(warnings).toHaveLength(1);
      expect(warnings[0].err?.message).toBe('HEIC declares 30000×30000 pixels, past MEDIA_MAX_INPUT_PIXELS (100000000): not decoded');
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  test('a photo whose decoding passes MEDIA_JOB_MAX_MEMORY fails its own job; the server and the next photo carry on', async () => {
    // 64 megapixels, interlaced: the decoder must hold the whole image (about 200 MB) to read it.
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#3a6' } }).png({ progressive: true, compressionLevel: 1 }).toBuffer();
    const server = await startServer({ env: { MEDIA_JOB_MAX_MEMORY: '150M', MEDIA_CONCURRENCY: '1' } });
    try {
      const ana = await organiserSession(server, 'ana@example.com');
      const album = await createAlbum(server, ana.token, (await createEvent(server, ana.token)).id);
      const rssBefore = process.memoryUsage().rss;
      const big = await upload(server, album.id, 'panorama.png', bomb, 'image/png');
      const small = await upload(server, album.id, 'foto.jpg', await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a36' } }).jpeg().toBuffer(), 'image/jpeg');
      await server.app.media.idle();
      expect(await updateOf(server, album.id, big)).toMatchObject({ processing: false, error: expect.any(String), compressed_photo: null });
      expect(await updateOf(server, album.id, small)).toMatchObject({ processing: false, error: false, compressed_photo: expect.stringMatching(/-grid\.webp$/) });
      // The decoding happened outside the server's process.
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    } finally {
      await server.close();
    }
  });

  test("issue 29: the phone copy's backfill decodes in the same guarded process: a grid copy past MEDIA_JOB_MAX_MEMORY fails that job only", async () => {
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#36a' } }).png({ progressive: true, compressionLevel: 1 }).toBuffer();
    const server = await startServer({ env: { MEDIA_JOB_MAX_MEMORY: '150M', MEDIA_CONCURRENCY: '1' } });
    try {
      const ana = await organiserSession(server, 'ana@example.com');
      const album = await createAlbum(server, ana.token, (await createEvent(server, ana.token)).id);
      const id = await upload(server, album.id, 'foto.jpg', await sharp({ create: { width: 900, height: 600, channels: 3, background: '#a36' } }).jpeg().toBuffer(), 'image/jpeg');
      await server.app.media.idle();
      const row = await server.app.db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.thumb_path).toMatch(/-tile\.webp$/);
      // A photo stored before the phone copy existed, whose grid copy is now a pixel bomb.
      await server.app.storage.remove(row.thumb_path!);
      await server.app.storage.put(row.compressed_path!, bomb);
      await server.app.db.updateTable('photos').set({ thumb_path: null }).where('id', '=', id).execute();

      const warnings: Array<{ err?: Error }> = [];
      const rssBefore = process.memoryUsage().rss;
      await processPhoto(
        { db: server.app.db, storage: server.app.storage, temp: server.app.temp, media: server.config.media, log: { warn: (details) => warnings.push(details) } },
        id,
        new AbortController().signal,
      );
      expect(warnings).toHaveLength(1);
      expect(warnings[0].err?.name).toBe('DecoderLimitError');
      expect(warnings[0].err?.message).toMatch(/MEDIA_JOB_MAX_MEMORY/);
      // Not tried at every start: the tile offers the grid copy alone.
      const after = await server.app.db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(after.thumb_path).toBe(row.compressed_path);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  test('ffmpeg opens an upload with no stdin, local files only and the demuxer of the type its bytes revealed', () => {
    expect(ffmpegInput('/data/tmp/media/x.part', 'mp4')).toEqual(['-nostdin', '-protocol_whitelist', 'file', '-f', 'mov', '-i', 'file:/data/tmp/media/x.part']);
    expect(ffmpegInput('/x', 'webm')).toContain('matroska');
    expect(ffmpegInput('/x', 'ts')).toContain('mpegts');
    expect(() => ffmpegInput('/x', 'm3u8')).toThrow();
  });
});
