import { chunkSettings } from '../upload/chunking';
import { backoffDelay } from '../upload/upload-engine';
import { UploadError } from '../upload/upload-errors';
import { uploadTexts } from '../upload/upload-texts';
import { isDone, type QueueEntry } from './queue-entry';
import type { SenderHost } from './sender-host';

/**
 * Small files in one request (spec §4: up to 10 per batch), tried again with the profile's backoff.
 * After a failure that may have stored some of them (the answer lost on its way back), the server is
 * asked which it holds and only the others are sent again.
 */
export async function sendBatch(host: SenderHost, ids: string[]): Promise<void> {
  const entries = await host.readableEntries(ids);
  if (entries.length === 0) return;
  const { albumId, userId, place } = entries[0];
  const { batch, batches } = host.startBatch();
  const notDone = (list: QueueEntry[]) => list.filter((entry) => !isDone(host.entry(entry.id) ?? entry));
  let mayHaveStored = false;
  await host.withRetries(
    { tries: host.profile.maxRetries, delay: (attempt) => backoffDelay(host.profile, attempt) },
    async () => {
      let left = notDone(entries);
      if (mayHaveStored) {
        const found = await host.transport.lookupStored(
          { album_id: albumId, files: left.map((entry) => ({ name: entry.id, size: entry.size, client_key: entry.clientKey! })) },
          { timeoutMs: chunkSettings.initTimeoutMs },
        );
        await host.applyAnswers(found.photos);
        await host.applyWithheld(found.withheld ?? []);
        left = notDone(left);
        if (left.length === 0) return;
      }
      mayHaveStored = true;
      const form = new FormData();
      // Text fields first: the server checks the album before it stores any file.
      form.append('album_id', albumId);
      form.append('user_id', userId);
      if (place) form.append('place', place);
      for (const entry of left) {
        // Issue 23: each file's key goes just before it.
        form.append('client_key', entry.clientKey!);
        form.append('images', host.fileOf(entry.id)!, entry.id);
        // Issue 29: its preview right after it, when made by now: the photo is on screens once stored.
        const preview = host.previewOf(entry.id);
        if (preview) form.append('preview', preview, preview.type === 'image/webp' ? 'preview.webp' : 'preview.jpg');
      }
      host.showProgress({ kind: 'batch', batch, batches: batches(), files: left.length });
      const answers = await host.transport.sendPhotos(form, {
        timeoutMs: host.profile.uploadTimeoutMs,
        onProgress: (loaded) => spread(host, left, loaded),
      });
      await host.applyAnswers(answers);
      const missing = notDone(left);
      if (missing.length > 0) host.failAll(missing.map((entry) => entry.id), new UploadError(uploadTexts.titleOther, uploadTexts.serverError), true);
    },
    (error) => host.failAll(ids, error, true),
  );
}

/** Spreads a batch request's sent bytes over its files, in order. */
function spread(host: SenderHost, entries: QueueEntry[], loaded: number): void {
  let left = loaded;
  host.sentBytes(
    entries.map((entry) => {
      const part = Math.max(0, Math.min(entry.size, left));
      left -= part;
      return [entry.id, part] as const;
    }),
  );
}
