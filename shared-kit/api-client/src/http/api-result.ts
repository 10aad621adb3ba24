import { isAxiosError, type AxiosRequestConfig } from 'axios';
import { texts } from '../texts';
import { http } from './http-client';

/** The wrapper result of every call (spec §7, §8). */
export interface ApiResult<T> {
  status: number;
  data: T;
  message?: string;
  headers?: Record<string, string>;
}

/**
 * Sends a request and never throws. With a response, status and message come from the response
 * (the server answers `{status, message}` on errors); without one, status 500 and the §8 message.
 */
export async function request<T>(config: AxiosRequestConfig): Promise<ApiResult<T>> {
  try {
    const response = await http.request<T>(config);
    return {
      status: response.status,
      data: response.data,
      headers: Object.fromEntries(
        Object.entries(response.headers ?? {}).map(([key, value]) => [key.toLowerCase(), String(value)]),
      ),
    };
  } catch (error) {
    if (isAxiosError(error) && error.response) {
      const body = error.response.data as { status?: number; message?: string } | undefined;
      return {
        status: typeof body?.status === 'number' ? body.status : error.response.status,
        data: body as T,
        message: typeof body?.message === 'string' ? body.message : error.message,
      };
    }
    return { status: 500, data: [] as unknown as T, message: texts.unexpectedError };
  }
}
