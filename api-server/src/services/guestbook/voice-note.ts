import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { finishAudio, findMessage } from '../../repositories/messages';
import { localOriginal, MediaJobAborted, type MediaJobDeps } from '../media/job-parts';
import { runLimited } from '../../infra/media/limited-process';
import { ffmpegAudioInput } from '../../domain/guestbook/audio-type';
import { messageM4aKey } from '../../domain/guestbook/messages';

/**
 * Issue 26: a voice note's AAC rendition (`<id>-aac.m4a`, mono 64 kb/s, cut at
 * MESSAGE_MAX_AUDIO_SECONDS), made by the media queue with ffmpeg so that every browser plays it
 * (Safari does not play WebM/Opus). The note as sent stays next to it. Without ffmpeg, or when the
 * bytes cannot be decoded, the original is what is played.
 */
export async function processVoiceNote(deps: MediaJobDeps, id: string, signal: AbortSignal): Promise<void> {
  const message = await findMessage(deps.db, id);
  if (!message || Number(message.audio_processing) !== 1 || !message.audio_path) return;
  const ffmpeg = deps.media.ffmpegPath;
  if (!ffmpeg) {
    await finishAudio(deps.db, id, null);
    return;
  }
  const original = await localOriginal(deps, message.audio_path, id);
  const output = deps.temp.file('media', `${id}-aac.m4a`);
  const seconds = deps.guestbook?.maxAudioSeconds ?? 60;
  try {
    try {
      // Issue 23: the decoder in a process of its own, under MEDIA_JOB_MAX_MEMORY and MEDIA_DECODE_TIMEOUT.
      const ext = /\.([a-z0-9]+)$/i.exec(message.audio_path)?.[1].toLowerCase() ?? '';
      await runLimited(
        ffmpeg,
        ['-hide_banner', '-loglevel', 'error', '-y', ...ffmpegAudioInput(original.file, ext), '-map', '0:a:0', '-vn', '-t', String(seconds), '-ac', '1', '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', '-f', 'mp4', `file:${output}`],
        { memoryBytes: deps.media.jobMaxMemoryBytes, timeoutMs: deps.media.decodeTimeoutMs, signal },
      );
    } catch (error) {
      if (signal.aborted) throw new MediaJobAborted();
      deps.log.warn({ err: error, messageId: id }, 'voice note could not be converted: the original is played');
      await finishAudio(deps.db, id, null);
      return;
    }
    if (signal.aborted) throw new MediaJobAborted();
    const key = messageM4aKey(message.event_id, id);
    await deps.storage.moveIn(output, key, 'audio/mp4');
    await finishAudio(deps.db, id, key);
  } finally {
    await deps.temp.remove(output);
    await original.release();
  }
}

/** A voice note whose job failed for good: the original is played. */
export async function failVoiceNote(db: Kysely<Database>, id: string): Promise<void> {
  const message = await findMessage(db, id);
  if (message && Number(message.audio_processing) === 1) await finishAudio(db, id, null);
}
