import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { MessageRow, PhotoRow } from '../db/schema';
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
  /** A photo's original; or (issue 26) a stored file by its key, or bytes made when their turn comes (the book). */
  photo?: PhotoRow;
  key?: string;
  produce?: () => Promise<Buffer>;
  mtime?: Date;
}

/**
 * Issue 26: the guestbook's voice notes in the ZIP, `recados/<date>_<name>.m4a` (the AAC rendition;
 * the note as sent when there is none), unique names.
 */
export function voiceNoteEntries(messages: MessageRow[]): ZipEntry[] {
  const taken = new Set<string>();
  return messages.flatMap((message) => {
    const key = message.audio_m4a_path ?? message.audio_path;
    if (!key) return [];
    const base = `recados/${stamp(message.created_at)}_${safeName(message.user_id, 'Convidado')}`;
    const ext = path.extname(key).toLowerCase() || '.bin';
    let name = `${base}${ext}`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n})${ext}`;
    taken.add(name.toLowerCase());
    return [{ name, key, mtime: new Date(message.created_at) }];
  });
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
 * How far a file is read ahead of the archive: the disk (or S3) keeps reading while the previous
 * megabytes go out, instead of each read waiting for the socket (issue 29: +13 % from a cold cache).
 */
const READ_AHEAD_BYTES = 8 * 1024 * 1024;

/**
 * Streams the entries' originals into a ZIP as it is read: one file read at a time (the next one is
 * opened as the current one's last bytes are sent), each stored as it is (no recompression), ZIP64
 * where sizes need it (yazl decides). Nothing is held beyond the read-ahead, so memory stays flat
 * whatever the size; `signal` (the client went away) stops the work. A file missing from storage is
 * left out and logged; a file that fails midway ends the download with an error (the archive would
 * be corrupt).
 */
export function zipStream(deps: ZipStreamDeps, entries: ZipEntry[], signal: AbortSignal): Readable {
  const zip = new ZipFile();
  // yazl's output is a PassThrough; its typings say only ReadableStream.
  const output = zip.outputStream as Readable;
  void (async () => {
    try {
      for (const { name, photo, key, produce, mtime } of entries) {
        if (signal.aborted) return;
        if (produce) {
          zip.addBuffer(await produce(), name, { compress: true, mtime: mtime ?? new Date() });
          continue;
        }
        const stored = photo?.original_path ?? key!;
        const file = await deps.storage.get(stored);
        if (!file) {
          deps.warn({ key: stored }, 'a file is missing from storage: left out of the ZIP');
          continue;
        }
        const readAhead = new PassThrough({ highWaterMark: READ_AHEAD_BYTES });
        zip.addReadStream(readAhead, name, { compress: false, mtime: photo ? new Date(photo.taken_at ?? photo.created_at) : (mtime ?? new Date()), size: file.size });
        // Resolves once the whole file is in the read-ahead; the abort destroys the pipeline.
        await pipeline(file.body, readAhead, { signal });
      }
    } catch (error) {
      if (signal.aborted) return;
      deps.warn({ err: error }, 'ZIP download stopped');
      output.destroy(error as Error);
      return;
    }
    if (!signal.aborted) zip.end();
  })();
  return output;
}
