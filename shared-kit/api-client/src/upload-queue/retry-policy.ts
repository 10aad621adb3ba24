import { describeUploadFailure, isRetryable, retriesExhausted, UploadError } from '../upload/upload-errors';

// How the queue tries a request again (issue 10 §6): a retryable failure while the browser is offline
// waits for the connection and costs no try; otherwise it waits the backoff and counts, up to `tries`
// tries in a row without progress (a chunk that got through starts the count again).

export interface RetryPolicy {
  tries: number;
  /** The wait after the `failedAttempt`-th failure in a row (1-based). */
  delay: (failedAttempt: number) => number;
}

export interface RetryEnvironment {
  sleep: (ms: number) => Promise<void>;
  /** Whether the browser is offline: navigator.onLine says so, or an `offline` event came. */
  offline: () => boolean;
  /** Whether an `offline` event came and no `online` since (what a wait after the backoff checks). */
  wentOffline: () => boolean;
  /** Resolves when the browser is back online. */
  waitOnline: () => Promise<void>;
}

/**
 * Runs `send` until it succeeds. `send` calls `progressed` when part of the work got through. A
 * failure that is not worth another try (an UploadError, a refusal) or the last try ends in `onGiveUp`.
 */
export async function sendWithRetries(
  policy: RetryPolicy,
  environment: RetryEnvironment,
  send: (progressed: () => void) => Promise<void>,
  onGiveUp: (error: UploadError) => void,
): Promise<void> {
  let attempt = 0;
  for (;;) {
    try {
      await send(() => {
        attempt = 0;
      });
      return;
    } catch (error) {
      if (error instanceof UploadError) return onGiveUp(error);
      if (!isRetryable(error)) return onGiveUp(describeUploadFailure(error));
      if (environment.offline()) {
        await environment.waitOnline();
        continue;
      }
      attempt += 1;
      if (attempt >= policy.tries) return onGiveUp(retriesExhausted(policy.tries, error));
      await environment.sleep(policy.delay(attempt));
      if (environment.wentOffline()) await environment.waitOnline();
    }
  }
}
