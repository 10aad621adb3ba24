import type { AxiosRequestConfig } from 'axios';
import { earlyRequestIds } from '@momentos/app-manifest/dist/early-requests';
import type { ApiSuccess } from './api-result';

/** What the page's early-requests script keeps (api-server's web/early-requests.ts): one answer per URL. */
type EarlyAnswers = Record<string, Promise<Response | null> | undefined>;

const earlyAnswers = (): EarlyAnswers | undefined =>
  typeof window === 'undefined' ? undefined : (window as unknown as Record<string, EarlyAnswers | undefined>)[earlyRequestIds.global];

/**
 * How long into the visit an early answer may still be used. It answers the page's first screen; a
 * screen opened later in the same visit (one whose read the first screen did not make) asks the
 * server, whose answer may have changed since. Generous: a slow phone takes seconds to run the app.
 */
export const EARLY_ANSWER_MAX_AGE_MS = 60_000;

/**
 * Issue 29: the answer the page asked for as it was parsed, for the first GET of the same URL (each
 * answer is used once: later calls ask the server). Null when there is none; the promise gives null
 * when that request failed or was refused (an expired sign-in), and the call is then sent as usual.
 */
export function takeEarlyAnswer(config: AxiosRequestConfig, now = performance.now()): Promise<ApiSuccess<unknown> | null> | null {
  const answers = earlyAnswers();
  const method = (config.method ?? 'GET').toUpperCase();
  if (!answers || method !== 'GET' || config.params !== undefined || !config.url) return null;
  if (now > EARLY_ANSWER_MAX_AGE_MS) return null;
  const answer = answers[config.url];
  if (!answer) return null;
  delete answers[config.url];
  return answer
    .then(async (response) => {
      if (!response?.ok || !response.headers.get('content-type')?.includes('application/json')) return null;
      // Fetch's header names are lower-cased already, as `request` gives them.
      return { ok: true as const, status: response.status, data: (await response.json()) as unknown, headers: Object.fromEntries(response.headers) };
    })
    .catch(() => null);
}

/**
 * Issue 29: the photo list the page's script read as it was parsed (the photo screen's grid), parsed,
 * when `url` is the URL it read and the visit is young enough (as above). The page's first render starts
 * from it, so that the tiles the script drew into the painted frame are the first render's too and the
 * frame gives way to the same grid. It does not use up the early answer: the list's call still takes it.
 */
export function earlyList(url: string, now = performance.now()): unknown[] | undefined {
  if (typeof window === 'undefined' || now > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  const kept = (window as unknown as Record<string, { url?: unknown; photos?: unknown } | undefined>)[earlyRequestIds.listGlobal];
  return kept?.url === url && Array.isArray(kept.photos) ? kept.photos : undefined;
}
