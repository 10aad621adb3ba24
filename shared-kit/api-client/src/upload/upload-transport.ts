import { isAxiosError, isCancel } from 'axios';
import { http } from '../http/http-client';
import type { ChunkInitAnswer, ChunkInitFields, PhotoItem, UploadAnswer } from '@momentos/api-contract';
import { TransportError } from './upload-errors';

export interface RequestControl {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Bytes of this request's body sent so far. */
  onProgress?: (loaded: number) => void;
}

/** The fields of `chunk/init` (spec §7). */
export type ChunkSessionFields = ChunkInitFields;

/** The four upload calls of spec §7. The engine depends on this, tests pass a fake. */
export interface UploadTransport {
  sendPhotos(form: FormData, control: RequestControl): Promise<PhotoItem[]>;
  initChunkSession(fields: ChunkSessionFields, control: RequestControl): Promise<string>;
  sendChunk(form: FormData, control: RequestControl): Promise<void>;
  finalizeChunkSession(sessionId: string, control: RequestControl): Promise<PhotoItem[]>;
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
      const response = await http.post<UploadAnswer>('/api/events/photos', form, {
        headers: multipart,
        timeout: timeoutMs,
        signal,
        onUploadProgress: (event) => onProgress?.(event.loaded),
      });
      return response.data?.photos ?? [];
    }),
  initChunkSession: (fields, { timeoutMs, signal }) =>
    call(async () => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
      const response = await http.post<ChunkInitAnswer>('/api/events/photos/chunk/init', form, {
        headers: multipart,
        timeout: timeoutMs,
        signal,
      });
      return response.data.sessionId;
    }),
  sendChunk: (form, { timeoutMs, signal, onProgress }) =>
    call(async () => {
      await http.post('/api/events/photos/chunk/upload', form, {
        headers: multipart,
        timeout: timeoutMs,
        signal,
        onUploadProgress: (event) => onProgress?.(event.loaded),
      });
    }),
  finalizeChunkSession: (sessionId, { timeoutMs, signal }) =>
    call(async () => {
      const response = await http.post<UploadAnswer>(
        '/api/events/photos/chunk/finalize',
        { sessionId },
        { timeout: timeoutMs, signal },
      );
      return response.data?.photos ?? [];
    }),
};
