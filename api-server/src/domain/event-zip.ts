import { once } from 'node:events';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { PhotoRow } from '../db/schema';
import type { Storage } from './storage';
import { useNativeZipCrc } from './zip-crc';

useNativeZipCrc();

/**
 * How much of the next file is read while the current one is written (issue 29): the disk (or S3)
 * works on the next file while the current one's last bytes go through the CRC and to the socket.
 */
export const ZIP_READ_AHEAD_BYTES = 8 * 1024 * 1024;

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

/** '2026-11-24T18:03:09.123Z' → '2026-11-24_18-03-09' (UTC, sorts with the time of sending). */
const stamp = (iso: string) => iso.slice(0, 19).replace('T', '_').replace(/:/g, '-');

export interface ZipEntry {
  /** `<album>/<uploader>/<date>_<uploader>_<n>.<ext>`, unique in the archive. */
  name: string;
  photo: PhotoRow;
}

/**
 * The archive's layout: folders `<album>/<uploader>/`, files named by date, uploader and a number
 * (readable, sorted, unique), the original's extension kept. Two albums or uploaders whose names
 * clean to the same folder get ' (2)', ' (3)'….
 */
export function zipLayout(photos: PhotoRow[], albumNames: Map<string, string>): ZipEntry[] {
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
    const uploaderName = safeName(photo.user_id, 'Convidado');
    const folder = folderOf(`u:${photo.album_id}:${photo.user_id}`, uploaderName, `${album}/`);
    const n = (counters.get(folder) ?? 0) + 1;
    counters.set(folder, n);
    const ext = path.extname(photo.original_path).toLowerCase() || '.bin';
    return { name: `${folder}/${stamp(photo.created_at)}_${uploaderName}_${String(n).padStart(3, '0')}${ext}`, photo };
  });
}

export interface ZipStreamDeps {
  storage: Storage;
  warn: (details: object, message: string) => void;
}

/** A stored file opened for the archive: its bytes through a read-ahead buffer. */
interface OpenedFile {
  body: Readable;
  size: number;
  /** Stops reading (the source and the buffer). */
  destroy: () => void;
}

/** Opens a stored file and starts reading it into a buffer of ZIP_READ_AHEAD_BYTES, consumer or not. */
async function openAhead(storage: Storage, key: string): Promise<OpenedFile | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const ahead = new PassThrough({ highWaterMark: ZIP_READ_AHEAD_BYTES });
  file.body.on('error', (error) => ahead.destroy(error));
  file.body.pipe(ahead);
  return {
    body: ahead,
    size: file.size,
    destroy: () => {
      file.body.destroy();
      ahead.destroy();
    },
  };
}

/**
 * Streams the entries' originals into a ZIP as it is read, each stored as it is (no recompression),
 * ZIP64 where sizes need it (yazl decides). While a file is written, the next one is opened and its
 * first ZIP_READ_AHEAD_BYTES read; nothing more is held, so memory stays flat whatever the size;
 * `signal` (the client went away) stops the work. A file missing from storage is left out and logged.
 */
export function zipStream(deps: ZipStreamDeps, entries: ZipEntry[], signal: AbortSignal): Readable {
  const zip = new ZipFile();
  // yazl's output is a PassThrough; its typings say only ReadableStream.
  const output = zip.outputStream as Readable;
  const open = (index: number) => {
    const opening = index < entries.length ? openAhead(deps.storage, entries[index].photo.original_path) : Promise.resolve(null);
    // Awaited in its turn; until then a failure is not unhandled.
    opening.catch(() => undefined);
    return opening;
  };
  const opened = new Set<OpenedFile>();
  const stopAll = () => opened.forEach((file) => file.destroy());
  signal.addEventListener('abort', stopAll, { once: true });
  void (async () => {
    let next = open(0);
    try {
      for (let index = 0; index < entries.length; index++) {
        const { name, photo } = entries[index];
        const file = await next;
        if (file) opened.add(file);
        if (signal.aborted) return stopAll();
        next = open(index + 1);
        void next.then((ahead) => ahead && (signal.aborted ? ahead.destroy() : opened.add(ahead)), () => undefined);
        if (!file) {
          deps.warn({ key: photo.original_path }, 'a photo\'s original is missing from storage: left out of the ZIP');
          continue;
        }
        zip.addReadStream(file.body, name, { compress: false, mtime: new Date(photo.created_at), size: file.size });
        // The file after it is being read ahead meanwhile; it goes into the archive once this one has.
        await once(file.body, 'end').catch(() => undefined);
        opened.delete(file);
      }
    } catch (error) {
      stopAll();
      deps.warn({ err: error }, 'ZIP download stopped');
      output.destroy(error as Error);
      return;
    }
    signal.removeEventListener('abort', stopAll);
    if (!signal.aborted) zip.end();
  })();
  return output;
}
