import fsp from 'node:fs/promises';
import sharp from './in-process-sharp';
import { runDecoder } from './decoder-pool';
import { runLimited } from './limited-process';

/** HEIC/HEIF photos larger than this are refused rather than decoded (heic-convert needs them in memory). */
const MAX_HEIC_BYTES = 64 * 1024 * 1024;

export interface RenditionOptions {
  /** Long edge of the grid rendition (`compressed_photo`). */
  gridSize: number;
  /** Long edge of the screen rendition (`display_photo`). */
  displaySize: number;
  /** Long edge of the phone grid's rendition (`thumb_photo`, issue 29). */
  thumbSize: number;
  maxInputPixels: number;
}

/** Where the three renditions of one photo go. */
export interface RenditionFiles {
  grid: string;
  display: string;
  thumb: string;
}

/** One WebP the decoder process writes: at most `size` px on the long edge. */
export interface RenditionOutput {
  file: string;
  size: number;
  quality: number;
  effort: number;
}

/**
 * The grid's copy: small tiles hide compression well, quality 72 keeps a 640-px photo around 30–50 KB.
 * Effort 2: a new photo waits for this copy before any screen shows it, and effort 4 took 65 ms more
 * of a core on a 12-MP photo for 1 % fewer bytes (docs/decisions.md, 'The first copies' cost').
 */
const GRID_WEBP = { quality: 72, effort: 2 } as const;
const DISPLAY_WEBP = { quality: 80, effort: 2 } as const;
/** The phone grid's copy (issue 29): quality 60 keeps a 320-px photo around 8–13 KB (bench/gallery-first-screen.mjs: 12 tiles ≤ 160 KB). */
const THUMB_WEBP = { quality: 60, effort: 4 } as const;

/** The decoder process's limits (issue 23): MEDIA_JOB_MAX_MEMORY and MEDIA_DECODE_TIMEOUT. */
export interface DecoderLimits {
  memoryBytes: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** How much nicer than the server the decoder runs (issue 29: the screen copies yield to first copies and requests). */
  nice?: number;
}

/** Runs the decoder process on `input` for `outputs`, under `limits`. */
function decodeInto(input: string, outputs: RenditionOutput[], maxInputPixels: number, limits: DecoderLimits, heic: boolean): Promise<void> {
  return runDecoder({ input, heic, maxInputPixels, outputs }, limits, limits.nice ?? 0);
}

/**
 * The WebP copies asked for (a file given for each), with their sizes and encoder settings; all three
 * in the thumbnails bench's bare loop.
 */
export function renditionOutputs(files: Partial<RenditionFiles>, options: Pick<RenditionOptions, 'gridSize' | 'displaySize' | 'thumbSize'>): RenditionOutput[] {
  const outputs: Array<RenditionOutput | null> = [
    files.grid !== undefined ? { file: files.grid, size: options.gridSize, ...GRID_WEBP } : null,
    files.display !== undefined ? { file: files.display, size: options.displaySize, ...DISPLAY_WEBP } : null,
    files.thumb !== undefined ? { file: files.thumb, size: options.thumbSize, ...THUMB_WEBP } : null,
  ];
  return outputs.filter((output): output is RenditionOutput => output !== null);
}

/**
 * The copies of a photo whose files are given (`input`: an image file; `heic` when it is HEIC/HEIF), made from
 * one decode in a guarded decoder process (decoder-pool.ts) under `limits` (issue 23): a hostile file
 * fails this job, not the server.
 */
export async function makeRenditions(input: string, files: Partial<RenditionFiles>, options: RenditionOptions, limits: DecoderLimits, heic = false): Promise<void> {
  if (heic && (await fsp.stat(input)).size > MAX_HEIC_BYTES) throw new Error('HEIC file too large to decode');
  await decodeInto(input, renditionOutputs(files, options), options.maxInputPixels, limits, heic);
}

/**
 * The phone grid's copy of a photo from its stored grid rendition (the backfill of photos made before
 * issue 29): a 640-px WebP of a few tens of KB instead of the original, orientation already applied;
 * in the same decoder process and under the same limits as every other decode.
 */
export async function makeThumbFromGrid(grid: string, output: string, thumbSize: number, maxInputPixels: number, limits: DecoderLimits): Promise<void> {
  await decodeInto(grid, [{ file: output, size: thumbSize, ...THUMB_WEBP }], maxInputPixels, limits, false);
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

/** ffmpeg's demuxer for each video type the bytes revealed (media-type.ts): never guessed by ffmpeg from the content. */
const DEMUXERS: Record<string, string> = { mp4: 'mov', mov: 'mov', m4v: 'mov', '3gp': 'mov', webm: 'matroska', avi: 'avi', mpg: 'mpeg', ts: 'mpegts' };

/**
 * How ffmpeg opens an upload (issue 23): no stdin, local files only (no http, no concat or HLS lists
 * pointing elsewhere), and the demuxer of the type the bytes revealed, not one ffmpeg probes for.
 */
export function ffmpegInput(input: string, ext: string): string[] {
  const demuxer = DEMUXERS[ext];
  if (!demuxer) throw new Error(`no demuxer for .${ext}`);
  return ['-nostdin', '-protocol_whitelist', 'file', '-f', demuxer, '-i', `file:${input}`];
}

/** A poster frame of a video as JPEG: one second in, or the first frame of a shorter video; under `limits`. */
export async function extractPosterFrame(ffmpeg: string, input: string, ext: string, output: string, limits: DecoderLimits): Promise<void> {
  const base = ['-hide_banner', '-loglevel', 'error', '-y'];
  const open = ffmpegInput(input, ext);
  const tail = ['-map', '0:v:0', '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', '-q:v', '3', `file:${output}`];
  await runLimited(ffmpeg, [...base, '-ss', '1', ...open, ...tail], limits);
  const written = await fsp.stat(output).then((s) => s.size > 0, () => false);
  if (!written) await runLimited(ffmpeg, [...base, ...open, ...tail], limits);
  const retried = await fsp.stat(output).then((s) => s.size > 0, () => false);
  if (!retried) throw new Error('ffmpeg wrote no frame');
}
