import fsp from 'node:fs/promises';
import { DiskHeadroom, defaultMinimumFree, GiB } from '../src/infra/disk-headroom';
import { createAlbum, createEvent, expectError, organiserSession, PNG_BYTES, startServer, type TestServer } from './helpers';
import { Multipart, photoCount, rawRequest, settledTemporaryUploads, storedAlbumKeys, write } from './raw-http';

jest.setTimeout(30_000);

const MiB = 1024 * 1024;
const DISK_FULL = 'O servidor está sem espaço para novos arquivos no momento. Tente novamente mais tarde.';

/** The free space now on the disk the test servers' data folders are made on. */
async function freeBytesNow(): Promise<number> {
  const dataProbe = await fsp.mkdtemp('/tmp/momentos-free-');
  const stats = await fsp.statfs(dataProbe);
  await fsp.rm(dataProbe, { recursive: true });
  return stats.bavail * stats.bsize;
}

async function guestAlbum(server: TestServer) {
  const ana = await organiserSession(server, 'ana@example.com');
  const event = await createEvent(server, ana.token);
  return createAlbum(server, ana.token, event.id, { is_public: true, is_available: true });
}

async function expectNothingLeft(server: TestServer, rows = 0) {
  expect(await settledTemporaryUploads(server)).toEqual([]);
  expect(await photoCount(server)).toBe(rows);
  expect(await storedAlbumKeys(server)).toEqual([]);
}

describe('disk headroom: below MIN_FREE_DISK nothing is written', () => {
  let server: TestServer;
  let albumId: string;

  beforeAll(async () => {
    // The threshold trick: more free space required than any disk has.
    server = await startServer({ env: { MIN_FREE_DISK: '1024T' } });
    albumId = (await guestAlbum(server)).id;
  });
  afterAll(async () => {
    await server.close();
  });

  test('a normal upload is refused with 507 and a Portuguese message', async () => {
    const form = new FormData();
    form.append('album_id', albumId);
    form.append('user_id', 'Tia Rosa');
    form.append('images', new Blob([PNG_BYTES], { type: 'image/png' }), 'foto.png');
    const body = await expectError(await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form }), 507);
    expect(body.message).toBe(DISK_FULL);
    await expectNothingLeft(server);
  });

  test('a chunk session cannot start, and a chunk of an open session is refused', async () => {
    const init = await fetch(`${server.url}/api/events/photos/chunk/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'video.mp4', fileSize: 50 * MiB, fileType: 'video/mp4', albumId, userId: 'Tia Rosa' }),
    });
    expect((await expectError(init, 507)).message).toBe(DISK_FULL);

    const form = new FormData();
    form.append('sessionId', 'ups_00000000-0000-0000-0000-000000000000');
    form.append('chunkIndex', '0');
    form.append('totalChunks', '2');
    form.append('chunk', new Blob([Buffer.alloc(64 * 1024, 1)]), 'blob');
    expect((await expectError(await fetch(`${server.url}/api/events/photos/chunk/upload`, { method: 'POST', body: form }), 507)).message).toBe(DISK_FULL);
    expect(await server.app.db.selectFrom('upload_sessions').select('id').execute()).toEqual([]);
    await expectNothingLeft(server);
  });

  test('reading stays open: the album, the gallery and the health check answer', async () => {
    expect((await fetch(`${server.url}/api/events/photos/${albumId}`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});

describe('disk headroom: an upload that would cross the floor', () => {
  let server: TestServer;
  let albumId: string;
  const margin = 48 * MiB;

  // A server for each test, its floor measured just before: the disk is shared with whatever else runs
  // (the other packages' builds and tests), whose writes and deletions move the free space meanwhile.
  beforeEach(async () => {
    const free = await freeBytesNow();
    // Room for `margin` more bytes, no more (the disk is shared: the margins below are generous).
    server = await startServer({
      env: {
        MIN_FREE_DISK: String(free - margin),
        UPLOAD_MAX_FILE_BYTES: String(2048 * MiB),
        UPLOAD_MAX_TOTAL_BYTES: String(2048 * MiB),
      },
    });
    albumId = (await guestAlbum(server)).id;
  });
  afterEach(async () => {
    await server.close();
  });

  test('is refused at once when its declared length does not fit', async () => {
    const form = new Multipart();
    const answer = await rawRequest(
      server.url,
      { path: '/api/events/photos', headers: { 'content-type': form.contentType, 'content-length': String(1024 * MiB) } },
      async (request) => {
        await write(request, form.field('album_id', albumId) + form.field('user_id', 'Zé') + form.fileHead('images', 'big.mp4', 'video/mp4'));
        await write(request, Buffer.alloc(256 * 1024, 7));
      },
    );
    expect(answer.status).toBe(507);
    expect(JSON.parse(answer.body)).toEqual({ status: 507, message: DISK_FULL });
    await expectNothingLeft(server);
  });

  test('is stopped mid-way when a body of unknown length crosses the floor, and leaves no half-written file', async () => {
    const form = new Multipart();
    const piece = Buffer.alloc(MiB, 9);
    let sent = 0;
    const answer = await rawRequest(
      server.url,
      // Chunked transfer encoding: the server cannot know the size before the bytes arrive.
      { path: '/api/events/photos', headers: { 'content-type': form.contentType, 'transfer-encoding': 'chunked' } },
      async (request) => {
        await write(request, form.field('album_id', albumId) + form.field('user_id', 'Zé') + form.fileHead('images', 'huge.mp4', 'video/mp4'));
        // Up to 6 × the room left; the server must stop it long before.
        while (sent < 6 * margin && (await write(request, piece))) sent += piece.length;
      },
    );
    expect(answer.error ?? answer.status).toBe(507);
    expect(JSON.parse(answer.body)).toEqual({ status: 507, message: DISK_FULL });
    expect(sent).toBeLessThan(6 * margin);
    await expectNothingLeft(server);
  });
});

describe('disk headroom: an upload above the floor', () => {
  let server: TestServer;
  let albumId: string;

  beforeAll(async () => {
    // Its own server, its floor measured just before and further below the free space: a 48 MiB
    // margin was once eaten by the builds running beside the suite before this upload was sent.
    const free = await freeBytesNow();
    server = await startServer({ env: { MIN_FREE_DISK: String(free - 512 * MiB) } });
    albumId = (await guestAlbum(server)).id;
  });
  afterAll(async () => {
    await server.close();
  });

  test('is stored', async () => {
    const form = new Multipart();
    const body = form.body({ album_id: albumId, user_id: 'Zé' }, [{ name: 'images', filename: 'small.png', bytes: PNG_BYTES, type: 'image/png' }]);
    const answer = await rawRequest(server.url, { path: '/api/events/photos', headers: { 'content-type': form.contentType, 'content-length': String(body.length) } }, (request) => {
      request.end(body);
    });
    expect(answer.status).toBe(201);
    expect(await photoCount(server)).toBe(1);
  });
});

describe('disk headroom arithmetic', () => {
  test('the default floor is 1 GiB or 5 % of the disk, whichever is larger', () => {
    expect(defaultMinimumFree(10 * GiB)).toBe(GiB);
    expect(defaultMinimumFree(100 * GiB)).toBe(5 * GiB);
  });

  test('while uploads stream, the bytes they receive count down from the free space they started with', async () => {
    let free = 10 * GiB;
    const headroom = new DiskHeadroom('/unused', 9 * GiB, async () => ({ free, total: 100 * GiB }));
    expect(await headroom.hasRoomFor(GiB)).toBe(true);
    expect(await headroom.hasRoomFor(GiB + 1)).toBe(false);
    headroom.received(GiB / 2);
    expect(await headroom.hasRoomFor(GiB / 2)).toBe(true);
    expect(await headroom.hasRoomFor(GiB / 2 + 1)).toBe(false);
    // The disk reports the written bytes late: the countdown still holds.
    expect(await headroom.free(0)).toBe(9.5 * GiB);
    // Another writer took more: the disk's measure wins.
    free = 9.2 * GiB;
    expect(await headroom.free(0)).toBe(9.2 * GiB);
    // Nothing streams any more: the disk is the truth again (files were removed meanwhile).
    headroom.settle();
    free = 12 * GiB;
    expect(await headroom.free(0)).toBe(12 * GiB);
  });

  test('without MIN_FREE_DISK the floor comes from the disk’s size', async () => {
    const headroom = new DiskHeadroom('/unused', null, async () => ({ free: 50 * GiB, total: 200 * GiB }));
    expect(await headroom.minimumFree()).toBe(10 * GiB);
  });
});
