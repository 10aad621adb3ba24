import type { VideoMaxSecondsField } from '@momentos/api-contract';
import type { Kysely } from 'kysely';
import type { AlbumRow, Database } from '../db/schema';
import { HttpError } from '../errors';
import type { ReceivedFile } from './ingest';
import { PassThrough, type Readable } from 'node:stream';
import type { ByteWatcher, BytesKept } from '../infra/receive';
import { probeVideo } from '../infra/media/video';
import { MovieIndexCollector, isMovieFile } from '../infra/media/movie-index';
import { videoOverLimit, videoTooLongMessage } from '@momentos/app-manifest/dist/video-limit';

export { formatVideoLength, videoTooLongMessage } from '@momentos/app-manifest/dist/video-limit';

/** The event form's field: absent keeps `current`, '' or null clears it (the server's default), else 1 to 86400 seconds. */
export function readVideoMaxSeconds(value: VideoMaxSecondsField | undefined, current: number | null): number | null {
  if (value === undefined) return current;
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 86_400) {
    throw new HttpError(400, "O campo 'Duração máxima dos vídeos' deve ser um número de segundos entre 1 e 86400 (vazio para o padrão do servidor).");
  }
  return seconds;
}

export interface VideoLimitDeps {
  db: Kysely<Database>;
  ffprobe: string | null;
  defaultMaxSeconds: number;
}

/** The longest video an album's event takes: its own limit, else VIDEO_MAX_SECONDS. */
export async function eventVideoLimit(deps: Pick<VideoLimitDeps, 'db' | 'defaultMaxSeconds'>, eventId: string): Promise<number> {
  const row = await deps.db.selectFrom('events').select('video_max_seconds').where('id', '=', eventId).executeTakeFirst();
  return row?.video_max_seconds ?? deps.defaultMaxSeconds;
}

/**
 * Refuses (413, the message) a received video longer than its event allows, read by ffprobe
 * from the staged bytes (in place on this machine, or streamed from the bucket). A file ffprobe cannot read is left to the media job (it ends with its error).
 */
export async function assertVideoLengths(deps: VideoLimitDeps, album: Pick<AlbumRow, 'event_id'>, files: ReceivedFile[]): Promise<void> {
  const videos = files.filter((file) => file.type.kind === 'video');
  if (videos.length === 0 || !deps.ffprobe) return;
  const limit = await eventVideoLimit(deps, album.event_id);
  for (const file of videos) {
    // Read as the bytes streamed by where possible; else from where the file waits.
    const streamed = file.duration ? await file.duration : undefined;
    const duration = streamed !== undefined ? streamed : await probeStaged(deps.ffprobe, file);
    if (duration !== null && videoOverLimit(duration, limit)) throw new HttpError(413, videoTooLongMessage(duration, limit));
  }
}

/** A video's length by ffprobe (a file here, or bytes on its standard input); null when ffprobe cannot read it. */
const lengthOf = (ffprobe: string, input: string | Readable): Promise<number | null> =>
  probeVideo(ffprobe, input).then(
    (probe) => probe.duration,
    () => null,
  );

/** The length of a staged video, read back from where it waits; null when ffprobe cannot read it. */
async function probeStaged(ffprobe: string, file: ReceivedFile): Promise<number | null> {
  const input = await file.staged.read();
  return input ? lengthOf(ffprobe, input) : null;
}

/**
 * Reads a video's length while its bytes stream in (StageOptions.watch), so the check reads nothing
 * afterwards. An MP4 or QuickTime file's index (`ftyp` + `moov`, kilobytes) is picked out as the bytes
 * pass and given to ffprobe, started with the first bytes (its start-up, about 0.1 s of loading FFmpeg's
 * libraries, overlaps the upload instead of following it). Any other container is piped to ffprobe as
 * it streams (with backpressure) only when the bytes go into the store (`kept`): read back from the
 * bucket, the whole file would come down again; a file on this machine is cheaper to read where it
 * waits (null: no reader). `length` resolves to null when ffprobe cannot read it, and to undefined
 * when the index alone does not tell (a fragmented MP4, an index over 32 MB): then the staged file is read.
 */
export function videoLengthReader(
  ffprobe: string,
  head: Buffer,
  kept: BytesKept,
): { watcher: ByteWatcher; length: Promise<number | null | undefined> } | null {
  if (isMovieFile(head)) return movieIndexReader(ffprobe);
  return kept === 'in the store' ? pipedReader(ffprobe) : null;
}

function movieIndexReader(ffprobe: string): { watcher: ByteWatcher; length: Promise<number | null | undefined> } {
  // ffprobe starts with the first bytes and waits on its input for the index: its start-up overlaps the upload.
  const index = new PassThrough();
  const probed = lengthOf(ffprobe, index);
  const collector = new MovieIndexCollector((bytes) => void (index.destroyed || index.write(bytes)));
  let settle!: (length: number | null | undefined | PromiseLike<number | null>) => void;
  const length = new Promise<number | null | undefined>((resolve) => (settle = resolve));
  const stop = (answer: null | undefined) => {
    index.destroy(new Error('the length is not read from the index')); // ends ffprobe
    settle(answer);
  };
  const watcher: ByteWatcher = {
    async write(piece) {
      collector.add(piece);
    },
    end() {
      const found = collector.finish();
      if (found !== 'index') return stop(found === 'none' ? null : undefined);
      index.end();
      settle(probed);
    },
    abort: () => stop(null),
  };
  return { watcher, length };
}

function pipedReader(ffprobe: string): { watcher: ByteWatcher; length: Promise<number | null> } {
  const bytes = new PassThrough({ highWaterMark: 1024 * 1024 });
  const watcher: ByteWatcher = {
    async write(piece) {
      // ffprobe stops reading once it knows enough: then the rest passes it by.
      if (bytes.destroyed || bytes.write(piece)) return;
      await new Promise<void>((resolve) => {
        bytes.once('drain', resolve);
        bytes.once('close', resolve);
      });
    },
    end: () => void (bytes.destroyed || bytes.end()),
    abort: () => void bytes.destroy(new Error('upload cut short')),
  };
  return { watcher, length: lengthOf(ffprobe, bytes) };
}

/**
 * Issue 29 item 6: a chunk session's video length read as soon as its last chunk is in, so that
 * ffprobe's start-up (about 0.1 s of loading FFmpeg's libraries) overlaps the client's round trip to
 * finalize instead of following it, as a one-request upload's overlaps its bytes. Per instance, for a
 * session whose whole file is on this machine; a chunk that lands again drops the reading (the file
 * changed), and finalize reads the file itself when none is ready here.
 */
export class LengthsAhead {
  private readonly readings = new Map<string, { length: Promise<number | null>; expiry: NodeJS.Timeout }>();

  constructor(
    private readonly ffprobe: string | null,
    /** At most this many readings at once: the rest are read at their finalize, as before. */
    private readonly most = 8,
    /** A reading not taken by then (a session never finalized) is forgotten. */
    private readonly keepMs = 10 * 60_000,
  ) {}

  start(sessionId: string, file: string): void {
    if (!this.ffprobe || this.readings.has(sessionId) || this.readings.size >= this.most) return;
    const expiry = setTimeout(() => this.readings.delete(sessionId), this.keepMs).unref();
    this.readings.set(sessionId, { length: lengthOf(this.ffprobe, file), expiry });
  }

  /** The session's reading (gone from here), or undefined: the staged file is then read at the check. */
  take(sessionId: string): Promise<number | null> | undefined {
    const reading = this.readings.get(sessionId);
    this.drop(sessionId);
    return reading?.length;
  }

  drop(sessionId: string): void {
    const reading = this.readings.get(sessionId);
    if (!reading) return;
    clearTimeout(reading.expiry);
    this.readings.delete(sessionId);
  }
}
