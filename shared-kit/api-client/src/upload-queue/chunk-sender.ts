import { chunkCount, chunkSettings, optimalChunkSize } from '../upload/chunking';
import { UploadError } from '../upload/upload-errors';
import { formatUploadText, uploadTexts } from '../upload/upload-texts';
import type { RequestControl } from '../upload/upload-transport';
import { isDone } from './queue-entry';
import type { SenderHost } from './sender-host';

const control = (timeoutMs: number, onProgress?: (loaded: number) => void): RequestControl => ({ timeoutMs, onProgress });

/**
 * A large file through a chunk session that survives reloads (spec §8): the session is asked what it
 * holds, the chunks it lacks are sent in order, then finalize. An expired session starts again; every
 * chunk that gets through resets the count of tries.
 */
export async function sendChunked(host: SenderHost, id: string): Promise<void> {
  const [entry] = await host.readableEntries([id]);
  if (!entry) return;
  const file = host.fileOf(id)!;
  const chunkSize = optimalChunkSize(entry.size, entry.type.startsWith('video/'));
  const total = chunkCount(entry.size, chunkSize);
  // What a connection failure says: the step that failed.
  let failure: string = uploadTexts.chunkInitFailed;
  await host.withRetries(
    { tries: chunkSettings.maxRetries, delay: (attempt) => chunkSettings.retryDelayMs * attempt },
    async (progressed) => {
      let sessionId = host.entry(id)!.chunkSessionId;
      let have = new Set<number>();
      let finished = false;
      if (sessionId) {
        const status = await host.transport.chunkStatus(sessionId, entry.albumId, control(chunkSettings.initTimeoutMs));
        if (!status) sessionId = undefined; // expired: start again
        else {
          have = new Set(status.receivedChunks);
          finished = status.photoId !== null;
        }
      }
      if (!sessionId) {
        failure = uploadTexts.chunkInitFailed;
        sessionId = await host.transport.initChunkSession(
          { fileName: entry.id, fileSize: entry.size, fileType: entry.type, albumId: entry.albumId, userId: entry.userId, clientKey: entry.clientKey, ...(entry.place ? { place: entry.place } : {}) },
          control(chunkSettings.initTimeoutMs),
        );
        await host.change(host.entry(id)!, { chunkSessionId: sessionId });
      }
      if (!finished) {
        for (let index = 0; index < total; index += 1) {
          if (have.has(index)) continue;
          const start = index * chunkSize;
          const chunk = file.slice(start, Math.min(entry.size, start + chunkSize));
          const doneBefore = [...have].reduce((sum, i) => sum + Math.min(chunkSize, entry.size - i * chunkSize), 0);
          const show = (loaded: number) => {
            host.sentBytes([[id, doneBefore + loaded]]);
            host.showProgress({ kind: 'chunk', chunk: index + 1, chunks: total, percent: Math.min(100, Math.round(((doneBefore + loaded) / entry.size) * 100)) });
          };
          show(0);
          failure = formatUploadText(uploadTexts.chunkFailed, { x: index + 1, y: total });
          const form = new FormData();
          form.append('sessionId', sessionId);
          form.append('chunkIndex', String(index));
          form.append('totalChunks', String(total));
          form.append('chunk', chunk, entry.id);
          await host.transport.sendChunk(form, control(chunkSettings.chunkTimeoutMs, (loaded) => show(Math.min(loaded, chunk.size))));
          have.add(index);
          progressed();
        }
      }
      failure = uploadTexts.chunkFinalizeFailed;
      await host.applyAnswers(await host.transport.finalizeChunkSession(sessionId, control(chunkSettings.finalizeTimeoutMs)));
      if (!isDone(host.entry(id)!)) throw new UploadError(uploadTexts.titleOther, uploadTexts.chunkFinalizeFailed);
    },
    (error) => {
      const connection = error.title === uploadTexts.titleConnection;
      host.failAll([id], connection ? new UploadError(error.title, failure) : error, true);
    },
  );
}
