import type { AnswerOf, ApiRoute, BodyOf, FormOf, ParamsOf, QueryOf, Route } from '@momentos/api-contract';
import { isAxiosError, type AxiosRequestConfig } from 'axios';
import { fillPath } from '@momentos/app-manifest/dist/path-params';
import { texts } from '../texts';
import { takeEarlyAnswer } from './early-answers';
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
  // Issue 29: the answer of a read the page itself sent as it was parsed, if this is that read.
  const early = await takeEarlyAnswer(config);
  if (early) return early as ApiSuccess<T>;
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

/**
 * What a call of a route sends: its path's parameters (each `:name` of the path), its query string,
 * and its JSON body or multipart form (FormData), as the endpoint table declares them.
 */
export type CallInput<R extends ApiRoute> = (ParamsOf<R> extends undefined ? { params?: undefined } : { params: { [K in keyof ParamsOf<R>]: string } }) & {
  query?: QueryOf<R> extends undefined ? undefined : Partial<QueryOf<R>>;
  body?: BodyOf<R> extends undefined ? (FormOf<R> extends undefined ? undefined : FormData) : BodyOf<R>;
};

/**
 * Issue 24: a call of one route of the endpoint table (api-contract), named as `'METHOD /path'`:
 * only a declared route compiles, its parameters, query and body are the declared ones and the
 * answer is typed from its schema. Never throws (see `request`).
 */
export function call<R extends ApiRoute>(
  route: R,
  ...[input = {} as CallInput<R>, config = {}]: ParamsOf<R> extends undefined ? [input?: CallInput<R>, config?: AxiosRequestConfig] : [input: CallInput<R>, config?: AxiosRequestConfig]
): Promise<ApiResult<AnswerOf<R>>> {
  const form = input.body instanceof FormData;
  return request({
    ...config,
    method: route.slice(0, route.indexOf(' ')),
    url: routeUrl(route, input.params),
    params: input.query,
    data: input.body,
    headers: form ? { 'Content-Type': 'multipart/form-data', ...config.headers } : config.headers,
  });
}

/** The URL of a route of the endpoint table, its `:name` parameters filled in (encoded). */
export function routeUrl(route: Route, params: Record<string, string> = {}): string {
  return fillPath(route.slice(route.indexOf(' ') + 1), params);
}
