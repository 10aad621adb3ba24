// eslint-disable-next-line no-restricted-imports -- test double of api-client's own axios instance; to be replaced by shared MSW handlers (issue 15)
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http } from '@momentos/api-client';

export type Route = (config: InternalAxiosRequestConfig) => { status: number; data: unknown } | Promise<{ status: number; data: unknown }>;

/**
 * Answers the front end's calls in memory, through the real axios pipeline (validateStatus, the §8
 * wrapper): `routes` maps 'METHOD /path' to an answer. Returns the calls made, for assertions.
 */
export function fakeApi(routes: Record<string, Route>) {
  const calls: { method: string; url: string; data: unknown }[] = [];
  const original = http.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    calls.push({ method, url, data: config.data });
    const route = routes[`${method} ${url}`];
    const answer = route ? await route(config) : { status: 404, data: { status: 404, message: 'Rota não encontrada.' } };
    const response = { status: answer.status, statusText: String(answer.status), data: answer.data, headers: {}, config };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${answer.status}`, 'ERR_BAD_RESPONSE', config, null, response);
  };
  http.defaults.adapter = adapter;
  return { calls, restore: () => (http.defaults.adapter = original) };
}
