import type { ApiResult } from '../http/api-result';

/** A failed call as a thrown value (data-fetching libraries expect a fetcher to throw): status and §8 message. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/**
 * The fetcher adapter every screen's data hook is built on: the data of a successful call, or an
 * `ApiError` carrying the failure's status and message.
 */
export async function dataOf<T>(pending: Promise<ApiResult<T>>): Promise<T> {
  const result = await pending;
  if (result.ok) return result.data;
  throw new ApiError(result.status, result.message);
}
