import { once } from 'node:events';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { PhotoRow } from '../db/schema';
import type { Storage } from './storage';

/** A name safe as one folder or file name on Windows, macOS and Linux (the organiser unzips it anywhere). */
export function safeName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[. ]+|[. ]+$/g, '')
    .slice(0, 80)
    .trim();
  return cleaned || fallback;
}

/** '2026-11-24T18:03:09.123Z' → '2026-11-24_18-03-09' (UTC, sorts with the time of capture, else of sending). */
const stamp = (iso: string) => iso.slice(0, 19).replace('T', '_').replace(/:/g, '-');

export interface ZipEntry {
  /** `<album>/<uploader>/<date>_<uploader>_<n>.<ext>` (`<album>/<place>/<uploader>/…` by place), unique in the archive. */
  name: string;
  photo: PhotoRow;
}

/**
 * The archive's layout: folders `<album>/<uploader>/`, files named by date, uploader and a number
 * (readable, sorted, unique), the original's extension kept. Two albums or uploaders whose names
 * clean to the same folder get ' (2)', ' (3)'….
 */
export function zipLayout(photos: PhotoRow[], albumNames: Map<string, string>, options: { byPlace?: boolean } = {}): ZipEntry[] {
  const folders = new Map<string, string>();
  const taken = new Set<string>();
  const folderOf = (key: string, wanted: string, parent = '') => {
    const known = folders.get(key);
    if (known) return known;
    let folder = `${parent}${wanted}`;
    for (let n = 2; taken.has(folder.toLowerCase()); n++) folder = `${parent}${wanted} (${n})`;
    taken.add(folder.toLowerCase());
    folders.set(key, folder);
    return folder;
  };
  const counters = new Map<string, number>();
  return photos.map((photo) => {
    const album = folderOf(`a:${photo.album_id}`, safeName(albumNames.get(photo.album_id) ?? '', 'Álbum'));
    // Issue 28, when asked: a folder per place between the album and the guest ('Sem local' without one).
    const place = options.byPlace ? folderOf(`p:${photo.album_id}:${photo.place ?? ''}`, safeName(photo.place ?? '', 'Sem local'), `${album}/`) : album;
    const uploaderName = safeName(photo.user_id, 'Convidado');
    const folder = folderOf(`u:${photo.album_id}:${options.byPlace ? `${photo.place ?? ''}:` : ''}${photo.user_id}`, uploaderName, `${place}/`);
    const n = (counters.get(folder) ?? 0) + 1;
    counters.set(folder, n);
    const ext = path.extname(photo.original_path).toLowerCase() || '.bin';
    // Issue 25: the capture time when known (EXIF, QuickTime), else the time it was sent.
    return { name: `${folder}/${stamp(photo.taken_at ?? photo.created_at)}_${uploaderName}_${String(n).padStart(3, '0')}${ext}`, photo };
  });
}

export interface ZipStreamDeps {
  storage: Storage;
  warn: (details: object, message: string) => void;
}

/**
 * Streams the entries' originals into a ZIP as it is read: one file open at a time, each stored as
 * it is (no recompression), ZIP64 where sizes need it (yazl decides). Nothing is held beyond the
 * streams' buffers, so memory stays flat whatever the size; `signal` (the client went away) stops
 * the work. A file missing from storage is left out and logged.
 */
export function zipStream(deps: ZipStreamDeps, entries: ZipEntry[], signal: AbortSignal): Readable {
  const zip = new ZipFile();
  // yazl's output is a PassThrough; its typings say only ReadableStream.
  const output = zip.outputStream as Readable;
  void (async () => {
    try {
      for (const { name, photo } of entries) {
        if (signal.aborted) return;
        const file = await deps.storage.get(photo.original_path);
        if (!file) {
          deps.warn({ key: photo.original_path }, 'a photo\'s original is missing from storage: left out of the ZIP');
          continue;
        }
        const stop = () => file.body.destroy();
        signal.addEventListener('abort', stop, { once: true });
        zip.addReadStream(file.body, name, { compress: false, mtime: new Date(photo.taken_at ?? photo.created_at), size: file.size });
        // The next file is opened only once this one has been read into the archive.
        await once(file.body, 'end').catch(() => undefined);
        signal.removeEventListener('abort', stop);
      }
    } catch (error) {
      deps.warn({ err: error }, 'ZIP download stopped');
      output.destroy(error as Error);
      return;
    }
    if (!signal.aborted) zip.end();
  })();
  return output;
}
