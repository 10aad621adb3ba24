import PgBoss from 'pg-boss';
import { Client } from 'pg';
import sharp from 'sharp';
import { mediaJobsSchema } from '../src/infra/job-client';
import { MEDIA_QUEUE, SCREEN_QUEUE } from '../src/services/media/media-queue-pg';
import { createAlbum, createEvent, organiserSession, readJson, readStored, startServer, usingPostgres, type TestServer } from './helpers';

// Media jobs on PostgreSQL go through pg-boss: any instance takes any job, a failing job is retried,
// a job that keeps failing ends with the photo's error, and a job whose instance died is taken up
// again after MEDIA_JOB_TIMEOUT.
const onPostgres = usingPostgres() ? describe : describe.skip;

const FAST_RETRIES = { MEDIA_JOB_RETRIES: '2', MEDIA_JOB_RETRY_DELAY: '1s' };

async function schemaOf(server: TestServer): Promise<string> {
  const row = await server.app.db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('schema')).executeTakeFirstOrThrow();
  return row.schema;
}

/** A queue's rows for a photo (by default the photo's own jobs; issue 29's screen copies have a queue of their own), newest first. */
async function jobsOf(server: TestServer, photoId: string, queue = MEDIA_QUEUE): Promise<Array<{ state: string; retry_count: number; output: { message?: string } | null }>> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT state, retry_count, output FROM "${mediaJobsSchema(await schemaOf(server))}".job WHERE name = $1 AND data->>'photoId' = $2 ORDER BY created_on DESC`,
      [queue, photoId],
    );
    return rows;
  } finally {
    await client.end();
  }
}

async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function uploadPhoto(server: TestServer, albumId: string, name: string): Promise<{ id: string; original: string }> {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', 'Rui');
  const bytes = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#22c55e' } }).jpeg().toBuffer();
  form.append('images', new Blob([bytes], { type: 'image/jpeg' }), name);
  const { photos } = await readJson(await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form }));
  return { id: photos[0].id, original: photos[0].original_photo.replace('/api/files?path=', '') };
}

const update = async (server: TestServer, albumId: string, id: string) =>
  (await readJson(await fetch(`${server.url}/api/events/photos/updates/${albumId}?ids=${id}`)))[0];

onPostgres('media jobs on a PostgreSQL queue (pg-boss)', () => {
  let server: TestServer;
  let albumId: string;

  beforeAll(async () => {
    server = await startServer({ env: FAST_RETRIES });
    const ana = await organiserSession(server, 'ana@example.com');
    const event = await createEvent(server, ana.token);
    albumId = (await createAlbum(server, ana.token, event.id)).id;
  }, 30_000);
  afterAll(async () => {
    await server.close();
  }, 30_000);

  /** A stored photo whose original is taken away and whose job is queued again: it fails while the original is missing. */
  async function failingJob(name: string) {
    const photo = await uploadPhoto(server, albumId, name);
    await server.app.media.idle();
    const bytes = (await readStored(server, photo.original))!;
    await server.app.storage.remove(photo.original);
    await server.app.db.updateTable('photos').set({ processing: 1, compressed_path: null }).where('id', '=', photo.id).execute();
    await server.app.media.enqueue([photo.id]);
    return { ...photo, bytes };
  }

  test('a job that fails is retried, and succeeds once the cause is gone', async () => {
    const photo = await failingJob('retry.jpg');
    // The first attempt failed (the original is missing): the job waits for its retry.
    await until('the job to be retried', async () => (await jobsOf(server, photo.id)).find((job) => job.state === 'retry'));
    expect(await update(server, albumId, photo.id)).toMatchObject({ processing: true, error: false });
    await server.app.storage.put(photo.original, photo.bytes);
    await server.app.media.idle();
    expect(await update(server, albumId, photo.id)).toEqual({ id: photo.id, compressed_photo: expect.stringMatching(/-grid\.webp$/), display_photo: expect.stringMatching(/-display\.webp$/), thumb_photo: expect.stringMatching(/-tile\.webp$/), error: false, processing: false, playback_video: null, playback_error: false, duration: null, width: null, height: null });
    const [job] = await jobsOf(server, photo.id);
    expect(job.state).toBe('completed');
    expect(job.retry_count).toBeGreaterThanOrEqual(1);
    // Issue 29: the screen copy was a job of its own queue, queued by the first one once it succeeded.
    const [screen] = await jobsOf(server, photo.id, SCREEN_QUEUE);
    expect(screen).toMatchObject({ state: 'completed', retry_count: 0 });
  }, 40_000);

  test('a job that keeps failing ends, after its retries, with the photo in error', async () => {
    const photo = await failingJob('never.jpg');
    await server.app.media.idle();
    expect(await update(server, albumId, photo.id)).toEqual({ id: photo.id, compressed_photo: null, display_photo: null, thumb_photo: null, error: 'Erro ao processar', processing: false, playback_video: null, playback_error: false, duration: null, width: null, height: null });
    const [job] = await jobsOf(server, photo.id);
    expect(job).toMatchObject({ state: 'failed', retry_count: 2 });
  }, 40_000);

  test('an unreadable image is not retried: it ends in error at once', async () => {
    const form = new FormData();
    form.append('album_id', albumId);
    form.append('user_id', 'Rui');
    form.append('images', new Blob([Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, 7)])], { type: 'image/jpeg' }), 'corrupt.jpg');
    const { photos } = await readJson(await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form }));
    await server.app.media.idle();
    expect(await update(server, albumId, photos[0].id)).toMatchObject({ error: 'Erro ao processar', processing: false });
    expect(await jobsOf(server, photos[0].id)).toEqual([expect.objectContaining({ state: 'completed', retry_count: 0 })]);
  });
});

onPostgres('a job whose instance died', () => {
  test('is taken up by another instance after MEDIA_JOB_TIMEOUT', async () => {
    // The instance that receives the upload takes no media jobs (MEDIA_CONCURRENCY=0); a bare pg-boss
    // client plays an instance that took the job and died; a third instance finishes it.
    // 5 s: long enough for the worker's own attempt (a decoder process, three renditions, the guests'
    // copy) on a loaded machine, which must not time out in its turn (2 s did, under load).
    const env = { MEDIA_JOB_TIMEOUT: '5s', MEDIA_JOB_RETRY_DELAY: '1s' };
    const web = await startServer({ env: { ...env, MEDIA_CONCURRENCY: '0' } });
    const schema = await schemaOf(web);
    const shared = { DATABASE_SCHEMA: schema, ...(web.config.storage.s3 ? { S3_BUCKET: web.config.storage.s3.bucket } : {}) };
    const dead = new PgBoss({ connectionString: process.env.DATABASE_URL, schema: mediaJobsSchema(schema), supervise: false, schedule: false, migrate: false });
    await dead.start();
    let worker: TestServer | null = null;
    try {
      const ana = await organiserSession(web, 'ana@example.com');
      const event = await createEvent(web, ana.token);
      const albumId = (await createAlbum(web, ana.token, event.id)).id;
      const photo = await uploadPhoto(web, albumId, 'orphan.jpg');
      const taken = await dead.fetch<{ photoId: string }>(MEDIA_QUEUE);
      expect(taken?.map((job) => job.data.photoId)).toEqual([photo.id]);
      expect((await jobsOf(web, photo.id))[0].state).toBe('active');

      // A local storage would live on the web instance's disk: the worker needs the same files.
      worker = await startServer({ env: { ...env, ...shared, ...(web.config.storage.driver === 'local' ? { STORAGE_DRIVER: 'local', DATA_DIR: web.dataDir } : {}) } });
      await until('the photo to be processed', async () => (await update(web, albumId, photo.id)).processing === false, 30_000);
      expect(await update(web, albumId, photo.id)).toMatchObject({ compressed_photo: expect.stringMatching(/-grid\.webp$/), error: false });
      // The job completes after the row is finished (the guests' copy is made in between, issue 22).
      await until('the job to complete', async () => (await jobsOf(web, photo.id))[0].state === 'completed', 15_000);
      const [job] = await jobsOf(web, photo.id);
      expect(job).toMatchObject({ state: 'completed', retry_count: 1 });
    } finally {
      await dead.stop({ graceful: false, wait: true });
      await worker?.close();
      await web.close();
    }
  }, 60_000);
});
