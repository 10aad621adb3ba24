import { isAxiosError, isCancel } from 'axios';
import { http } from '../http/http-client';
import { routeUrl } from '../http/api-result';
import type { ChunkInitAnswer, ChunkInitFields, ChunkStatus, StoredLookupAnswer, StoredLookupBody, UploadAnswer, UploadedPhoto } from '@momentos/api-contract';
import { TransportError } from './upload-errors';

export interface RequestControl {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Bytes of this request's body sent so far. */
  onProgress?: (loaded: number) => void;
}

/** The fields of `chunk/init` (spec §7). */
export type ChunkSessionFields = ChunkInitFields;

/** The upload calls: spec §7's four, a chunk session's status and the stored-files lookup. The queue depends on this, tests pass a fake. */
export interface UploadTransport {
  sendPhotos(form: FormData, control: RequestControl): Promise<UploadedPhoto[]>;
  /** Which of these files (name and size as sent) the album holds: asked before re-sending a batch that failed part-way. */
  lookupStored(body: StoredLookupBody, control: RequestControl): Promise<StoredLookupAnswer>;
  initChunkSession(fields: ChunkSessionFields, control: RequestControl): Promise<string>;
  /** Where a chunk session stands; null once the server no longer knows it (expired). */
  chunkStatus(sessionId: string, albumId: string, control: RequestControl): Promise<ChunkStatus | null>;
  sendChunk(form: FormData, control: RequestControl): Promise<void>;
  finalizeChunkSession(sessionId: string, control: RequestControl): Promise<UploadedPhoto[]>;
}

const multipart = { 'Content-Type': 'multipart/form-data' };

function toTransportError(error: unknown): TransportError {
  if (isCancel(error)) return new TransportError('aborted');
  if (isAxiosError(error)) {
    if (error.response) {
      const body = error.response.data as { message?: unknown } | undefined;
      return new TransportError('response', error.response.status, typeof body?.message === 'string' ? body.message : undefined);
    }
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return new TransportError('timeout');
    if (error.code === 'ERR_CANCELED') return new TransportError('aborted');
    return new TransportError('network');
  }
  return new TransportError('network');
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toTransportError(error);
  }
}

/** The transport over the shared axios instance (same headers, same API host). */
export const httpUploadTransport: UploadTransport = {
  sendPhotos: (form, { timeoutMs, signal, onProgress }) =>
    call(async () => {
      const response = await http.post<UploadAnswer>(routeUrl('POST /api/events/photos'), form, {
        headers: multipart,
        timeout: timeoutMs,
        signal,
        onUploadProgress: (event) => onProgress?.(event.loaded),
      });
      return response.data?.photos ?? [];
    }),
  lookupStored: (body, { timeoutMs, signal }) =>
    call(async () => {
      const response = await http.post<StoredLookupAnswer>(routeUrl('POST /api/events/photos/stored'), body, { timeout: timeoutMs, signal });
      return { photos: response.data?.photos ?? [], withheld: response.data?.withheld ?? [] };
    }),
  chunkStatus: async (sessionId, albumId, { timeoutMs, signal }) => {
    try {
      return await call(async () => {
        const response = await http.get<ChunkStatus>(routeUrl('GET /api/events/photos/chunk/:sessionId', { sessionId }), {
          params: { albumId },
          timeout: timeoutMs,
          signal,
        });
        return response.data;
      });
    } catch (error) {
      if (error instanceof TransportError && error.kind === 'response' && error.status === 404) return null;
      throw error;
    }
  },
  initChunkSession: (fields, { timeoutMs, signal }) =>
    call(async () => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
      const response = await http.post<ChunkInitAnswer>(routeUrl('POST /api/events/photos/chunk/init'), form, {
        headers: multipart,
        timeout: timeoutMs,
        signal,
      });
      return response.data.sessionId;
    }),
  sendChunk: (form, { timeoutMs, signal, onProgress }) =>
    call(async () => {
      await http.post(routeUrl('POST /api/events/photos/chunk/upload'), form, {
        headers: multipart,
        timeout: timeoutMs,
        signal,
        onUploadProgress: (event) => onProgress?.(event.loaded),
      });
    }),
  finalizeChunkSession: (sessionId, { timeoutMs, signal }) =>
    call(async () => {
      const response = await http.post<UploadAnswer>(
        routeUrl('POST /api/events/photos/chunk/finalize'),
        { sessionId },
        { timeout: timeoutMs, signal },
      );
      return response.data?.photos ?? [];
    }),
};
