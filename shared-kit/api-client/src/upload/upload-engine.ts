// The rules of sending (spec §4 'Guest upload', §9) that the upload queue applies: batches of 10
// files per request and the backoff of a normal upload's retries.

/** Spec §4: batches of 10 files per request. */
export const FILES_PER_BATCH = 10;

export function splitIntoBatches<T>(items: T[], size: number = FILES_PER_BATCH): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/** Wait before try `attempt + 1` of a normal upload: the profile's delay doubled after each failure. */
export function backoffDelay(profile: { retryDelayMs: number }, failedAttempt: number): number {
  return profile.retryDelayMs * 2 ** (failedAttempt - 1);
}
