import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { findPhoto } from '../../repositories/photos';
import type { Exiftool } from '../../infra/media/exiftool';
import type { Storage } from '../../infra/storage';
import type { TempArea } from '../../infra/temp-area';

/** What a media job needs (services/media/media-job.ts; the voice notes' and location-strip's jobs share it). */
export interface MediaJobDeps {
  db: Kysely<Database>;
  storage: Storage;
  temp: TempArea;
  media: Config['media'];
  /** Issue 26: voice notes are cut at MESSAGE_MAX_AUDIO_SECONDS in their AAC rendition. */
  guestbook?: Pick<Config['guestbook'], 'maxAudioSeconds'>;
  log: { warn: (details: object, message: string) => void };
  /**
   * Issue 24: tells the viewers that the photo's renditions exist or that its processing ended in
   * error (`photos_updated` through the realtime bus). Never the job's failure: a failed announcement
   * is logged and the viewers catch up from the list.
   */
  announce?: (photoId: string) => Promise<void>;
  /** Issue 22: makes the guests' copy of each original without location; none without exiftool. */
  exiftool?: Exiftool | null;
}

/** The job was cut short by a shutdown: the photo stays processing and the job is taken up again. */
export class MediaJobAborted extends Error {
  constructor() {
    super('media job aborted by shutdown');
    this.name = 'MediaJobAborted';
  }
}

/** A file of the store on this machine: in place on local disk, else a temporary copy (removed by `release`). */
export async function localCopy(deps: Pick<MediaJobDeps, 'storage' | 'temp'>, key: string, name: string): Promise<{ file: string; release: () => Promise<void> }> {
  const inPlace = await deps.storage.localPath(key);
  if (inPlace) return { file: inPlace, release: async () => {} };
  const stored = await deps.storage.get(key);
  if (!stored) throw new Error(`${key} is missing from storage`);
  const copy = deps.temp.file('media', name);
  try {
    await pipeline(stored.body, fs.createWriteStream(copy, { highWaterMark: 1024 * 1024 }));
  } catch (error) {
    await deps.temp.remove(copy);
    throw error;
  }
  return { file: copy, release: () => deps.temp.remove(copy) };
}

/** The original as a file on this machine: in place on local disk, else a temporary copy named after `id` (removed by `release`). */
export const localOriginal = (deps: Pick<MediaJobDeps, 'storage' | 'temp'>, key: string, id: string) => localCopy(deps, key, `${id}-original`);

/**
 * Called after a job recorded the files it wrote: when the photo was deleted meanwhile (its event or
 * album deleted while the job ran), those files are removed now instead of waiting for the orphan
 * sweep's grace. Answers whether the photo is gone. A deletion after this look removes them itself:
 * its row already points at them.
 */
export async function removeIfPhotoGone(deps: Pick<MediaJobDeps, 'db' | 'storage'>, photoId: string, keys: string[]): Promise<boolean> {
  if (await findPhoto(deps.db, photoId)) return false;
  await Promise.all(keys.map((key) => deps.storage.remove(key)));
  return true;
}
