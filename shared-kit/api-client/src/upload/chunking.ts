// Chunked upload constants of spec §9 ('Chunked upload').
const MB = 1024 * 1024;

export const chunkSettings = {
  defaultChunkBytes: 5 * MB,
  /** Tries of one chunk; the wait before try n+1 is 1 s × n. */
  maxRetries: 3,
  retryDelayMs: 1000,
  chunkTimeoutMs: 120_000,
  initTimeoutMs: 30_000,
  finalizeTimeoutMs: 30_000,
} as const;

/** Spec §9 optimal chunk size: 5 MB up to 100 MB; up to 500 MB 10 MB for video, else 5 MB; up to 1 GB 20 MB; above 25 MB. */
export function optimalChunkSize(fileSize: number, isVideo: boolean): number {
  if (fileSize <= 100 * MB) return 5 * MB;
  if (fileSize <= 500 * MB) return isVideo ? 10 * MB : 5 * MB;
  if (fileSize <= 1024 * MB) return 20 * MB;
  return 25 * MB;
}

export function chunkCount(fileSize: number, chunkSize: number): number {
  return Math.max(1, Math.ceil(fileSize / chunkSize));
}
