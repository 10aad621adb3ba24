import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import sharp from 'sharp';

/** HEIC/HEIF photos are larger than this are refused rather than decoded (heic-convert needs them in memory). */
const MAX_HEIC_BYTES = 64 * 1024 * 1024;

export interface RenditionOptions {
  /** Long edge of the grid rendition (`compressed_photo`). */
  gridSize: number;
  /** Long edge of the screen rendition (`display_photo`). */
  displaySize: number;
  maxInputPixels: number;
}

/** Where the two renditions of one photo go. */
export interface RenditionFiles {
  grid: string;
  display: string;
}

/**
 * The two display copies of a photo, from one decode: EXIF orientation applied, WebP, no metadata
 * (sharp drops EXIF, XMP and ICC unless asked to keep them). The grid copy (at most `gridSize` px on
 * the long edge) is what a tile of the gallery shows, a few tens of KB; the screen copy (at most
 * `displaySize` px) is for the lightbox, the presentation and the wall.
 */
export async function makeRenditions(input: string | Buffer, files: RenditionFiles, options: RenditionOptions): Promise<void> {
  const decoded = sharp(input, { limitInputPixels: options.maxInputPixels, failOn: 'error' }).rotate();
  await Promise.all([
    decoded
      .clone()
      .resize(options.gridSize, options.gridSize, { fit: 'inside', withoutEnlargement: true })
      // Small tiles hide compression well: quality 72 keeps a 640-px photo around 30–50 KB.
      .webp({ quality: 72, effort: 4 })
      .toFile(files.grid),
    decoded
      .clone()
      .resize(options.displaySize, options.displaySize, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: 2 })
      .toFile(files.display),
  ]);
}

/** Size of an event image's card: what link previews (og:image) and the guest's welcome show. */
export const EVENT_CARD = { width: 1200, height: 630 } as const;

/** The event image's card: 1200×630 JPEG (every link-preview robot reads JPEG), cropped to fill. */
export async function makeEventCard(input: Buffer, maxInputPixels: number): Promise<Buffer> {
  return sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error' })
    .rotate()
    .resize(EVENT_CARD.width, EVENT_CARD.height, { fit: 'cover', position: 'attention' })
    .jpeg({ quality: 78, mozjpeg: true, progressive: true })
    .toBuffer();
}

/** heic-convert in a child process: its WebAssembly decoder takes ~0.4 s of CPU and ~100 MB per 12 MP photo. */
const HEIC_SCRIPT = `
const convert = require(process.argv[1]);
const input = require('node:fs').readFileSync(process.argv[2]);
convert({ buffer: input, format: 'JPEG', quality: 0.92 }).then(
  (jpeg) => process.stdout.write(Buffer.from(jpeg), () => process.exit(0)),
  (error) => { process.stderr.write(String((error && error.message) || error)); process.exit(1); },
);
`;

/** HEIC/HEIF → JPEG with heic-convert (sharp here has no HEVC decoder); the original stays as it is. */
export async function decodeHeic(file: string, signal?: AbortSignal): Promise<Buffer> {
  const stat = await fsp.stat(file);
  if (stat.size > MAX_HEIC_BYTES) throw new Error('HEIC file too large to decode');
  return new Promise<Buffer>((resolve, reject) => {
    execFile(
      process.execPath,
      ['-e', HEIC_SCRIPT, require.resolve('heic-convert'), file],
      { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024, timeout: 120_000, killSignal: 'SIGKILL', signal },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
}

/** Runs a program (ffmpeg) to its end; `signal` (a shutdown) kills it. */
export function run(command: string, args: string[], signal: AbortSignal, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { signal, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 }, (error) =>
      error ? reject(error) : resolve(),
    );
  });
}

/** A poster frame of a video as JPEG: one second in, or the first frame of a shorter video. */
export async function extractPosterFrame(ffmpeg: string, input: string, output: string, signal: AbortSignal): Promise<void> {
  const base = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];
  const tail = ['-i', input, '-map', '0:v:0', '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', '-q:v', '3', output];
  await run(ffmpeg, [...base, '-ss', '1', ...tail], signal, 120_000);
  const written = await fsp.stat(output).then((s) => s.size > 0, () => false);
  if (!written) await run(ffmpeg, [...base, ...tail], signal, 120_000);
  const retried = await fsp.stat(output).then((s) => s.size > 0, () => false);
  if (!retried) throw new Error('ffmpeg wrote no frame');
}
