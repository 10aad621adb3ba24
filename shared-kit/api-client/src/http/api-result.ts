import { isAxiosError, type AxiosRequestConfig } from 'axios';
import { texts } from '../texts';
import { http } from './http-client';

/** A call that got a 2xx answer: its status, body and (lower-cased) response headers. */
export interface ApiSuccess<T> {
  ok: true;
  status: number;
  data: T;
  headers: Record<string, string>;
}

/** A call that failed (spec §8): the status and message of the server's `{status, message}` body. */
export interface ApiFailure {
  ok: false;
  status: number;
  message: string;
}

/** The result of every call (spec §7, §8): look at `ok` before touching `data`. */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/**
 * Sends a request and never throws. With a response, status and message come from the response
 * (the server answers `{status, message}` on errors); without one, status 500 and the §8 message.
 */
export async function request<T>(config: AxiosRequestConfig): Promise<ApiResult<T>> {
  try {
    const response = await http.request<T>(config);
    return {
      ok: true,
      status: response.status,
      data: response.data,
      headers: Object.fromEntries(
        Object.entries(response.headers ?? {}).map(([key, value]) => [key.toLowerCase(), String(value)]),
      ),
    };
  } catch (error) {
    if (isAxiosError(error) && error.response) {
      const body = error.response.data as { status?: unknown; message?: unknown } | undefined;
      return {
        ok: false,
        status: typeof body?.status === 'number' ? body.status : error.response.status,
        message: typeof body?.message === 'string' ? body.message : error.message,
      };
    }
    return { ok: false, status: 500, message: texts.unexpectedError };
  }
}
