// The guest's upload queue (issue 10): plain TypeScript, no React. Files go into the device's queue
// when selected and are sent from there, never from memory: batches of 10 small files per request,
// large files in chunks that resume from what the server holds, several requests at once where the
// link allows it, retries with the profile's backoff, a pause while the browser is offline that
// spends none of the retry budget.
import type { UploadedPhoto } from '@momentos/api-contract';
import { storageKeys, writeStored } from '../storage-keys';
import { lastDetectedProfile, type ConnectionProfile } from '../upload/connection-profile';
import { describeUploadFailure, passesWithTime, type UploadError } from '../upload/upload-errors';
import { uploadTexts } from '../upload/upload-texts';
import type { UploadTransport } from '../upload/upload-transport';
import { sendBatch } from './batch-sender';
import { sendChunked } from './chunk-sender';
import { PreviewShelf } from './photo-preview';
import { Connectivity } from './connectivity';
import { nextJob, REQUESTS_IN_FLIGHT, roundBatches } from './next-job';
import { isDone, isPending, newClientKey, newQueueEntry, queueSnapshot, uniqueUploadName, type QueueEntry, type QueueTarget, type QueueProgress, type QueueSnapshot } from './queue-entry';
import { withDefaults, type QueueSettings, type UploadQueueOptions } from './queue-options';
import { readable } from './queue-store';
import { sendWithRetries, type RetryPolicy } from './retry-policy';
import type { SenderHost } from './sender-host';

export { REQUESTS_IN_FLIGHT } from './next-job';
export type { UploadQueueOptions } from './queue-options';

type Listener = () => void;

/**
 * The queue: its entries (kept on the device by the store), the round the overall bar counts, the
 * connectivity, and the pump that starts requests as the connection allows. The two senders
 * (batch-sender, chunk-sender) do the talking to the server through the SenderHost this implements.
 */
export class UploadQueue implements SenderHost {
  private readonly options: QueueSettings;
  profile: ConnectionProfile;
  private readonly entries = new Map<string, QueueEntry>();
  private readonly files = new Map<string, Blob | undefined>();
  /** Issue 29: the photos' previews, made ahead on this device and sent with them. */
  private readonly previews: PreviewShelf;
  private readonly sent = new Map<string, number>();
  /** Entries of the current round: what the overall bar counts. */
  private readonly round = new Set<string>();
  private readonly listeners = new Set<Listener>();
  private loading: Promise<void> | null = null;
  private running = 0;
  private readonly connectivity: Connectivity;
  private progress: QueueProgress | null = null;
  private batchesStarted = 0;
  private snapshot: QueueSnapshot;

  constructor(options: UploadQueueOptions) {
    this.options = withDefaults(options);
    this.profile = options.profile ?? lastDetectedProfile();
    this.previews = new PreviewShelf(this.options.makePreview);
    this.connectivity = new Connectivity(options.connectivity, { online: () => this.pump(), offline: () => this.notify() }, this.options.isOnline);
    this.snapshot = this.makeSnapshot();
  }

  // ---- what the screens use ----

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): QueueSnapshot => this.snapshot;

  /** The bytes of an entry while the device still holds them (previews). */
  fileOf(id: string): Blob | undefined {
    return this.files.get(id);
  }

  /** Issue 29: the photo's preview if this device has made it by now (a request never waits for one). */
  previewOf(id: string): Blob | undefined {
    return this.previews.ready(id);
  }

  setProfile(profile: ConnectionProfile): void {
    this.profile = profile;
    this.pump();
  }

  /** Loads the queue from the device (once) and sends whatever waits: the guest came back. */
  start(): Promise<void> {
    this.loading ??= this.load();
    return this.loading.then(() => this.pump());
  }

  /**
   * Puts the selected files into the queue, each with its unique name made here once. With `hold`
   * they wait on the device for `release` (the screen's 'Enviar arquivos'); otherwise they are sent.
   */
  async add(target: QueueTarget, files: readonly File[], { hold = false }: { hold?: boolean } = {}): Promise<QueueEntry[]> {
    await this.start();
    // A new selection after everything was sent starts a new round: the finished one leaves the screen.
    if (!this.hasPending()) this.newRound();
    const added: QueueEntry[] = [];
    for (const file of files) {
      const entry = newQueueEntry(target, file, { id: uniqueUploadName(file.name, this.options.newId), addedAt: this.options.now() + added.length / 1000, hold });
      // The bytes first: an entry never exists without its file.
      await this.options.store.saveFile(entry.id, file);
      await this.options.store.save(entry);
      this.entries.set(entry.id, entry);
      this.files.set(entry.id, file);
      this.previews.want(entry.id, file);
      if (!hold) this.round.add(entry.id);
      added.push(entry);
    }
    this.options.persist();
    this.pump();
    return added;
  }

  /** Sends the held entries of an event ('Enviar arquivos'). Answers how many were released. */
  async release(eventId: string): Promise<number> {
    await this.start();
    const held = [...this.entries.values()].filter((entry) => entry.held && entry.eventId === eventId);
    if (held.length === 0) return 0;
    if (!this.hasPending()) this.newRound();
    for (const entry of held) {
      this.round.add(entry.id);
      await this.change(entry, { held: undefined });
    }
    this.pump();
    return held.length;
  }

  /** 'Tentar novamente' on a failed entry. An unreadable one cannot be: it must be selected again. */
  async retry(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry || entry.state !== 'failed' || entry.unreadable) return;
    if (!this.hasPending()) this.newRound();
    this.round.add(id);
    await this.change(entry, { state: 'waiting', error: undefined, retryable: undefined });
    this.pump();
  }

  /** Takes a file that is not being sent out of the queue (the preview's X). */
  async forget(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry || entry.state === 'sending') return;
    this.entries.delete(id);
    this.files.delete(id);
    this.previews.drop(id);
    this.round.delete(id);
    await this.options.store.remove(id);
    this.notify();
  }

  /** 'Remover' in 'Minhas fotos': the photo leaves the album (its delete key), then the queue. */
  async removeUploaded(id: string): Promise<{ ok: true } | { ok: false; message: string }> {
    const entry = this.entries.get(id);
    if (!entry?.photoId || !entry.deleteKey) return { ok: false, message: uploadTexts.unknownError };
    const result = await this.options.removePhoto(entry.photoId, entry.deleteKey);
    // Already gone (removed by the organiser) is removed all the same.
    if (!result.ok && result.status !== 404) return { ok: false, message: result.message ?? uploadTexts.unknownError };
    await this.forget(id);
    return { ok: true };
  }

  // ---- sending ----

  private async load(): Promise<void> {
    const stored = await this.options.store.load();
    for (const { entry, file } of stored) {
      // A page life that ended mid-send: the entry waits again (the server's answers tell what arrived).
      const resumed: QueueEntry =
        entry.state === 'sending' || (entry.state === 'failed' && entry.retryable && !entry.unreadable)
          ? { ...entry, state: 'waiting', error: undefined, retryable: undefined }
          : entry;
      this.entries.set(entry.id, resumed);
      this.files.set(entry.id, file);
      if (file && (isPending(resumed) || resumed.held)) this.previews.want(entry.id, file);
      if (isPending(resumed)) this.round.add(entry.id);
    }
    this.notify();
  }

  private hasPending(): boolean {
    return [...this.entries.values()].some(isPending);
  }

  private newRound(): void {
    this.round.clear();
    this.batchesStarted = 0;
    this.progress = null;
  }

  private pump(): void {
    if (!this.loading) return;
    while (!this.connectivity.offline && this.running < REQUESTS_IN_FLIGHT[this.profile.connection]) {
      const job = nextJob(this.entries.values(), this.isLarge);
      if (!job) break;
      this.running += 1;
      for (const entry of job) {
        this.entries.set(entry.id, { ...entry, state: 'sending' });
        this.sent.set(entry.id, 0);
      }
      const run = job.length === 1 && this.isLarge(job[0]) ? sendChunked(this, job[0].id) : sendBatch(this, job.map((entry) => entry.id));
      void run
        .catch((error: unknown) => this.failAll(job.map((entry) => entry.id), describeUploadFailure(error), false))
        .finally(() => {
          this.running -= 1;
          for (const entry of job) this.sent.delete(entry.id);
          if (!this.hasPending()) this.progress = null;
          this.pump();
          this.notify();
        });
    }
    this.notify();
  }

  private isLarge = (entry: QueueEntry): boolean => entry.size > this.profile.chunkThresholdBytes;

  // ---- what the senders use (SenderHost) ----

  get transport(): UploadTransport {
    return this.options.transport;
  }

  entry(id: string): QueueEntry | undefined {
    return this.entries.get(id);
  }

  sentBytes(parts: ReadonlyArray<readonly [id: string, bytes: number]>): void {
    for (const [id, bytes] of parts) this.sent.set(id, bytes);
    this.notify();
  }

  showProgress(progress: QueueProgress): void {
    this.progress = progress;
    this.notify();
  }

  startBatch(): { batch: number; batches: () => number } {
    this.batchesStarted += 1;
    const batch = this.batchesStarted;
    return { batch, batches: () => roundBatches(this.entries.values(), this.isLarge, this.batchesStarted, batch) };
  }

  withRetries(policy: RetryPolicy, send: (progressed: () => void) => Promise<void>, onGiveUp: (error: UploadError) => void): Promise<void> {
    return sendWithRetries(
      policy,
      {
        sleep: this.options.sleep,
        offline: () => this.connectivity.offlineNow(),
        wentOffline: () => this.connectivity.offline,
        waitOnline: () => this.connectivity.waitOnline(),
      },
      send,
      onGiveUp,
    );
  }

  /** The entries whose bytes the browser can still read; the others fail asking to be selected again. */
  async readableEntries(ids: string[]): Promise<QueueEntry[]> {
    const ok: QueueEntry[] = [];
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (!entry) continue;
      if (await readable(this.files.get(id))) {
        // An entry kept from before client keys existed gets its key before it is first sent.
        if (!entry.clientKey) await this.change(entry, { clientKey: newClientKey() });
        ok.push(this.entries.get(id)!);
      }
      else await this.change(entry, { state: 'failed', error: uploadTexts.unreadableFile, unreadable: true, retryable: false });
    }
    return ok;
  }

  /** Matches the server's items to their entries by the unique name they were sent under. */
  async applyAnswers(answers: readonly UploadedPhoto[]): Promise<void> {
    for (const item of answers) {
      const entry = item.file_name ? this.entries.get(item.file_name) : undefined;
      if (!entry || isDone(entry)) continue;
      await this.markStored(entry, {
        state: item.duplicate ? 'duplicate' : 'stored',
        photoId: item.id,
        awaitingApproval: item.pending === true ? true : undefined,
        fileType: item.file_type,
        deleteKey: item.delete_key,
      });
      // Issue 29: a photo stored without its preview (not made in time, or sent in chunks) and still
      // waiting for the server's copies gets it now; one the server answers with copies needs none.
      if (!item.duplicate && item.file_type === 'image' && item.processing && item.delete_key) this.sendPreviewLater(entry.id, item.id, item.delete_key);
      else this.previews.drop(entry.id);
    }
  }

  private sendPreviewLater(entryId: string, photoId: string, deleteKey: string): void {
    void this.previews
      .take(entryId)
      .then((preview) => (preview ? this.options.sendPreview(photoId, deleteKey, preview) : undefined))
      .catch(() => undefined);
  }

  /** Files the lookup found stored but hidden or awaiting approval: stored, without the photo's data. */
  async applyWithheld(items: ReadonlyArray<{ file_name: string; pending: boolean }>): Promise<void> {
    for (const item of items) {
      const entry = this.entries.get(item.file_name);
      if (!entry || isDone(entry)) continue;
      await this.markStored(entry, { state: 'stored', awaitingApproval: item.pending ? true : undefined });
      this.previews.drop(entry.id);
    }
  }

  /** Stored (or a duplicate): the device no longer needs the bytes. */
  private async markStored(entry: QueueEntry, patch: Partial<QueueEntry>): Promise<void> {
    this.sent.delete(entry.id);
    await this.change(entry, { ...patch, error: undefined, retryable: undefined, chunkSessionId: undefined });
    this.files.delete(entry.id);
    await this.options.store.dropFile(entry.id).catch(() => undefined);
  }

  failAll(ids: string[], error: UploadError, retryable: boolean): void {
    // Kept for later: a connection problem, or a refusal that passes with time (429, 503, 507).
    const later = error.title === uploadTexts.titleConnection || passesWithTime(error.status);
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (!entry || isDone(entry) || entry.unreadable) continue;
      void this.change(entry, { state: 'failed', error: error.message, retryable: retryable && later });
    }
  }

  async change(entry: QueueEntry, patch: Partial<QueueEntry>): Promise<void> {
    const next = { ...(this.entries.get(entry.id) ?? entry), ...patch };
    this.entries.set(entry.id, next);
    this.notify();
    // The device's copy follows; a full or unavailable storage keeps the page's copy going.
    await this.options.store.save(next).catch(() => undefined);
  }

  // ---- what the screen sees ----

  private makeSnapshot(): QueueSnapshot {
    return queueSnapshot(this.entries.values(), { round: this.round, sent: this.sent, offline: this.connectivity.offline, progress: this.progress });
  }

  private notify(): void {
    this.snapshot = this.makeSnapshot();
    writeStored(storageKeys.uploadQueuePending, this.hasPending() ? '1' : null);
    this.listeners.forEach((listener) => listener());
  }

  /** Stops listening to the browser (tests). */
  dispose(): void {
    this.connectivity.dispose();
  }
}

