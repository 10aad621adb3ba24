// The guest upload engine (spec §4 'Guest upload', §9): plain TypeScript, no React, shared by the
// guest remote and tests. Files are renamed to a random unique id (the server's idempotency key with
// the size), sent 10 per request with retries and exponential backoff, or, above the connection
// profile's threshold, through the chunk calls.
import type { PhotoItem } from '../calls/photos';
import { chunkCount, chunkSettings, optimalChunkSize } from './chunking';
import type { ConnectionProfile } from './connection-profile';
import { describeUploadFailure, isRetryable, retriesExhausted, UploadError } from './upload-errors';
import { formatUploadText, uploadTexts } from './upload-texts';
import { httpUploadTransport, type UploadTransport } from './upload-transport';

/** Spec §4: batches of 10 files per request. */
export const FILES_PER_BATCH = 10;

export interface UploadProgress {
  /** 'Enviando lote X de Y (N arquivos)...' or 'Enviando parte X de Y (P%)'. */
  message: string;
  /** Whole selection, 0 to 100. */
  percent: number;
}

export interface UploadOptions {
  files: File[];
  /** Destination album (the server also accepts the event id). */
  albumId: string;
  /** The guest's typed name. */
  userId: string;
  profile: ConnectionProfile;
  /** Send files above the profile's threshold through the chunk calls (on by default: our server supports them). */
  chunked?: boolean;
  transport?: UploadTransport;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Waits between retries (tests pass fake timers' clock). */
  sleep?: (ms: number) => Promise<void>;
  /** Random unique id for a file name (tests pass a deterministic one). */
  newId?: () => string;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Spec §4: a random unique id plus the original extension (lower-cased; none when there is none). */
export function renameForUpload(file: File, newId: () => string = randomId): File {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(file.name);
  const extension = match ? `.${match[1].toLowerCase()}` : '';
  return new File([file], `${newId()}${extension}`, { type: file.type, lastModified: file.lastModified });
}

export function splitIntoBatches<T>(items: T[], size: number = FILES_PER_BATCH): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/** Wait before try `attempt + 1` of a normal upload: the profile's delay doubled after each failure. */
export function backoffDelay(profile: ConnectionProfile, failedAttempt: number): number {
  return profile.retryDelayMs * 2 ** (failedAttempt - 1);
}

/** Runs `send` up to `tries` times while it fails in a retryable way. */
async function withRetries<T>(
  send: () => Promise<T>,
  tries: number,
  delay: (failedAttempt: number) => number,
  sleep: (ms: number) => Promise<void>,
  onExhausted: (error: unknown) => UploadError,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (!isRetryable(error)) throw describeUploadFailure(error);
      if (attempt >= tries) throw onExhausted(error);
      await sleep(delay(attempt));
    }
  }
}

/**
 * Sends the selection and resolves with the stored photos. Rejects with an UploadError whose title and
 * message are the ones spec §8 gives for the upload screen.
 */
export async function uploadFiles(options: UploadOptions): Promise<PhotoItem[]> {
  const { profile, albumId, userId, signal } = options;
  const transport = options.transport ?? httpUploadTransport;
  const sleep = options.sleep ?? defaultSleep;
  const useChunks = options.chunked ?? true;
  if (options.files.length === 0) throw new UploadError(uploadTexts.titleOther, uploadTexts.noFilesSelected, 400);

  const files = options.files.map((file) => renameForUpload(file, options.newId));
  const large = useChunks ? files.filter((file) => file.size > profile.chunkThresholdBytes) : [];
  const regular = files.filter((file) => !large.includes(file));
  const totalBytes = files.reduce((sum, file) => sum + file.size, 0) || 1;
  let doneBytes = 0;
  const report = (message: string, inFlight: number) =>
    options.onProgress?.({ message, percent: Math.min(100, Math.round(((doneBytes + inFlight) / totalBytes) * 100)) });

  const stored: PhotoItem[] = [];
  const batches = splitIntoBatches(regular);
  for (const [index, batch] of batches.entries()) {
    const message = formatUploadText(uploadTexts.batchProgress, { x: index + 1, y: batches.length, n: batch.length });
    const batchBytes = batch.reduce((sum, file) => sum + file.size, 0);
    report(message, 0);
    const photos = await withRetries(
      () => {
        // Text fields first: the server checks the album before it stores any file.
        const form = new FormData();
        form.append('album_id', albumId);
        form.append('user_id', userId);
        for (const file of batch) form.append('images', file, file.name);
        return transport.sendPhotos(form, {
          timeoutMs: profile.uploadTimeoutMs,
          signal,
          onProgress: (loaded) => report(message, Math.min(loaded, batchBytes)),
        });
      },
      profile.maxRetries,
      (attempt) => backoffDelay(profile, attempt),
      sleep,
      (error) => retriesExhausted(profile.maxRetries, error),
    );
    doneBytes += batchBytes;
    stored.push(...photos);
    report(message, 0);
  }

  for (const file of large) {
    stored.push(...(await uploadInChunks(file, { albumId, userId, transport, sleep, signal, report })));
    doneBytes += file.size;
  }
  return stored;
}

interface ChunkContext {
  albumId: string;
  userId: string;
  transport: UploadTransport;
  sleep: (ms: number) => Promise<void>;
  signal?: AbortSignal;
  report: (message: string, inFlight: number) => void;
}

/** init, every chunk (a failed chunk is sent again from that chunk on), finalize. */
async function uploadInChunks(file: File, context: ChunkContext): Promise<PhotoItem[]> {
  const { transport, sleep, signal } = context;
  const chunkDelay = (attempt: number) => chunkSettings.retryDelayMs * attempt;
  const chunkSize = optimalChunkSize(file.size, file.type.startsWith('video/'));
  const total = chunkCount(file.size, chunkSize);

  const sessionId = await withRetries(
    () =>
      transport.initChunkSession(
        { fileName: file.name, fileSize: file.size, fileType: file.type, albumId: context.albumId, userId: context.userId },
        { timeoutMs: chunkSettings.initTimeoutMs, signal },
      ),
    chunkSettings.maxRetries,
    chunkDelay,
    sleep,
    () => new UploadError(uploadTexts.titleConnection, uploadTexts.chunkInitFailed),
  );

  for (let index = 0; index < total; index += 1) {
    const start = index * chunkSize;
    const chunk = file.slice(start, Math.min(file.size, start + chunkSize));
    const progressMessage = (loaded: number) =>
      formatUploadText(uploadTexts.chunkProgress, {
        x: index + 1,
        y: total,
        p: Math.min(100, Math.round(((start + loaded) / file.size) * 100)),
      });
    context.report(progressMessage(0), start);
    await withRetries(
      () => {
        const form = new FormData();
        form.append('sessionId', sessionId);
        form.append('chunkIndex', String(index));
        form.append('totalChunks', String(total));
        form.append('chunk', chunk, file.name);
        return transport.sendChunk(form, {
          timeoutMs: chunkSettings.chunkTimeoutMs,
          signal,
          onProgress: (loaded) => {
            const sent = Math.min(loaded, chunk.size);
            context.report(progressMessage(sent), start + sent);
          },
        });
      },
      chunkSettings.maxRetries,
      chunkDelay,
      sleep,
      () => new UploadError(uploadTexts.titleConnection, formatUploadText(uploadTexts.chunkFailed, { x: index + 1, y: total })),
    );
  }

  return withRetries(
    () => transport.finalizeChunkSession(sessionId, { timeoutMs: chunkSettings.finalizeTimeoutMs, signal }),
    chunkSettings.maxRetries,
    chunkDelay,
    sleep,
    () => new UploadError(uploadTexts.titleConnection, uploadTexts.chunkFinalizeFailed),
  );
}
