import type { UploadedPhoto } from '@momentos/api-contract';
import type { ConnectionProfile } from '../upload/connection-profile';
import type { UploadError } from '../upload/upload-errors';
import type { UploadTransport } from '../upload/upload-transport';
import type { QueueEntry, QueueProgress } from './queue-entry';
import type { RetryPolicy } from './retry-policy';

/**
 * What the two senders (one request for a batch of small files, a chunk session for a large one) may
 * ask of the queue: the entries and their bytes, the state changes the queue records and shows, the
 * retry policy with the browser's connectivity. The queue implements it; a sender holds no state.
 */
export interface SenderHost {
  readonly profile: ConnectionProfile;
  readonly transport: UploadTransport;
  entry(id: string): QueueEntry | undefined;
  fileOf(id: string): Blob | undefined;
  /** Issue 29: the photo's preview when this device has made it by now. */
  previewOf(id: string): Blob | undefined;
  /** The entries whose bytes the browser can still read; the others fail asking to be selected again. */
  readableEntries(ids: string[]): Promise<QueueEntry[]>;
  change(entry: QueueEntry, patch: Partial<QueueEntry>): Promise<void>;
  /** Matches the server's items to their entries by the unique name they were sent under. */
  applyAnswers(answers: readonly UploadedPhoto[]): Promise<void>;
  /** Files the lookup found stored but hidden or awaiting approval. */
  applyWithheld(items: ReadonlyArray<{ file_name: string; pending: boolean }>): Promise<void>;
  failAll(ids: string[], error: UploadError, retryable: boolean): void;
  /** Bytes of entries sent so far (the overall bar and each preview), shown at once. */
  sentBytes(parts: ReadonlyArray<readonly [id: string, bytes: number]>): void;
  /** The request under way, for the screen. */
  showProgress(progress: QueueProgress): void;
  /** Numbers a new batch request in this round: 'lote X de Y'. */
  startBatch(): { batch: number; batches: () => number };
  withRetries(policy: RetryPolicy, send: (progressed: () => void) => Promise<void>, onGiveUp: (error: UploadError) => void): Promise<void>;
}
