import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** What ffprobe tells of a video: enough to decide how its playback rendition is made, and its metadata. */
export interface VideoProbe {
  /** Seconds; 0 when the container does not say. */
  duration: number;
  /** Displayed size: rotation applied (a portrait iPhone clip stored 1920×1080 with a 90° matrix is 1080×1920). */
  width: number;
  height: number;
  /** Degrees of the display matrix (0, ±90, 180). */
  rotation: number;
  videoCodec: string | null;
  profile: string | null;
  pixelFormat: string | null;
  /** The video stream's bit rate (bit/s), else the whole file's; null when unknown. */
  bitRate: number | null;
  /** null: no sound. */
  audioCodec: string | null;
  /** The capture time as an ISO UTC instant (QuickTime creation date with its offset, else creation_time); null when unknown. */
  takenAt: string | null;
}

/** The rendition's limits (VIDEO_MAX_EDGE, VIDEO_MAX_BITRATE, VIDEO_PRESET). */
export interface PlaybackLimits {
  maxEdge: number;
  maxBitrate: number;
  preset: string;
}

/** What the queue's video lane needs to make renditions. */
export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
}

/** ffprobe next to ffmpeg (same install), else on PATH. */
export function ffprobeBeside(ffmpeg: string, findOnPath: (name: string) => string | null): string | null {
  const sibling = path.join(path.dirname(ffmpeg), 'ffprobe');
  try {
    fs.accessSync(sibling, fs.constants.X_OK);
    return sibling;
  } catch {
    return findOnPath('ffprobe');
  }
}

interface ProbeJson {
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    profile?: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    bit_rate?: string;
    tags?: Record<string, string>;
    side_data_list?: Array<{ rotation?: number }>;
  }>;
  format?: { duration?: string; bit_rate?: string; tags?: Record<string, string> };
}

const PROBE_ARGS = ['-v', 'error', '-show_streams', '-show_format', '-of', 'json'];

/**
 * ffprobe of a file on this machine, or of a stream piped to its standard input (an object of the
 * bucket: the QuickTime demuxer reads through to a `moov` at the end without seeking).
 */
export async function probeVideo(ffprobe: string, input: string | Readable, signal?: AbortSignal, timeoutMs = 120_000): Promise<VideoProbe> {
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(ffprobe, [...PROBE_ARGS, typeof input === 'string' ? input : 'pipe:0'], {
      stdio: [typeof input === 'string' ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      signal,
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
    if (typeof input !== 'string') {
      // ffprobe stops reading once it knows enough: the rest of the stream is dropped.
      child.stdin!.on('error', () => undefined);
      input.on('error', (error) => child.kill('SIGKILL') && reject(error));
      input.pipe(child.stdin!);
    }
    child.on('error', reject);
    child.on('close', (code) => {
      if (typeof input !== 'string') input.destroy();
      if (code === 0) resolve(stdout);
      else reject(new Error(`ffprobe failed (${code}): ${stderr.trim()}`));
    });
  });
  return readProbe(JSON.parse(output) as ProbeJson);
}

/** ffprobe's JSON as a VideoProbe; throws when the file has no video stream. */
export function readProbe(json: ProbeJson): VideoProbe {
  const video = json.streams?.find((stream) => stream.codec_type === 'video');
  if (!video) throw new Error('no video stream');
  const audio = json.streams?.find((stream) => stream.codec_type === 'audio');
  const rotation = normaliseRotation(video.side_data_list?.find((side) => typeof side.rotation === 'number')?.rotation ?? Number(video.tags?.rotate ?? 0));
  const quarter = Math.abs(rotation) === 90;
  const bitRate = Number(video.bit_rate ?? json.format?.bit_rate);
  const duration = Number(json.format?.duration);
  return {
    duration: Number.isFinite(duration) && duration > 0 ? duration : 0,
    width: (quarter ? video.height : video.width) ?? 0,
    height: (quarter ? video.width : video.height) ?? 0,
    rotation,
    videoCodec: video.codec_name ?? null,
    profile: video.profile ?? null,
    pixelFormat: video.pix_fmt ?? null,
    bitRate: Number.isFinite(bitRate) && bitRate > 0 ? bitRate : null,
    audioCodec: audio?.codec_name ?? null,
    takenAt: videoTakenAt(json.format?.tags ?? {}),
  };
}

function normaliseRotation(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const degrees = ((Math.round(value / 90) * 90) % 360 + 360) % 360;
  return degrees > 180 ? degrees - 360 : degrees;
}

/** Capture times before this, or more than a day ahead, are a camera's unset clock: unknown. */
const EARLIEST = Date.UTC(1990, 0, 1);

/** An instant as ISO UTC, or null when it is not a plausible capture time. */
export function plausibleInstant(ms: number): string | null {
  if (!Number.isFinite(ms) || ms < EARLIEST || ms > Date.now() + 24 * 3600 * 1000) return null;
  return new Date(ms).toISOString();
}

/**
 * A video's capture time: Apple's `com.apple.quicktime.creationdate` (local time with its offset,
 * '2024-06-01T18:30:12-0300'), else the container's `creation_time` (UTC).
 */
export function videoTakenAt(tags: Record<string, string>): string | null {
  const lower = Object.fromEntries(Object.entries(tags).map(([key, value]) => [key.toLowerCase(), value]));
  for (const value of [lower['com.apple.quicktime.creationdate'], lower.creation_time]) {
    if (!value) continue;
    // '-0300' → '-03:00', which Date.parse reads everywhere.
    const iso = value.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
    const found = plausibleInstant(Date.parse(iso));
    if (found) return found;
  }
  return null;
}

const PROFILES_OK = new Set(['baseline', 'constrained baseline', 'main', 'high']);

/**
 * Whether a video can be handed to every browser as it is, only moved into MP4 with `+faststart`:
 * H.264 (8-bit 4:2:0, Baseline to High) with AAC sound or none, upright, within the size and bit rate.
 */
export function canRemux(probe: VideoProbe, limits: Pick<PlaybackLimits, 'maxEdge' | 'maxBitrate'>): boolean {
  return (
    probe.videoCodec === 'h264' &&
    probe.pixelFormat === 'yuv420p' &&
    PROFILES_OK.has((probe.profile ?? '').toLowerCase()) &&
    (probe.audioCodec === null || probe.audioCodec === 'aac') &&
    probe.rotation === 0 &&
    Math.max(probe.width, probe.height) <= limits.maxEdge &&
    probe.bitRate !== null &&
    probe.bitRate <= limits.maxBitrate
  );
}

const QUIET = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];

/**
 * The ffmpeg arguments of a video's playback rendition (MP4 with `+faststart`, no metadata kept: the
 * capture place stays in the original only). Remux: the streams are copied. Transcode: H.264 High
 * yuv420p (CRF 23 capped at `maxBitrate`), rotation applied (ffmpeg's autorotate), long edge at most
 * `maxEdge` (even sizes), AAC stereo 128 kbit/s; the benchmark runs bare ffmpeg with these same arguments.
 */
export function playbackArgs(input: string, output: string, remux: boolean, limits: PlaybackLimits): string[] {
  const maps = ['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn', '-map_metadata', '-1', '-map_chapters', '-1'];
  const mp4 = ['-movflags', '+faststart', '-f', 'mp4', output];
  if (remux) return [...QUIET, '-i', input, ...maps, '-c', 'copy', ...mp4];
  const edge = limits.maxEdge;
  const even = (side: string) => `trunc(min(${side}\\,${edge})/2)*2`;
  const scale = `scale=w='if(gte(iw\\,ih)\\,${even('iw')}\\,-2)':h='if(gte(iw\\,ih)\\,-2\\,${even('ih')})'`;
  const kbit = Math.max(100, Math.floor(limits.maxBitrate / 1000));
  return [
    ...QUIET,
    '-i',
    input,
    ...maps,
    '-vf',
    `${scale},format=yuv420p`,
    '-c:v',
    'libx264',
    '-preset',
    limits.preset,
    '-profile:v',
    'high',
    '-crf',
    '23',
    '-maxrate',
    `${kbit}k`,
    '-bufsize',
    `${kbit * 2}k`,
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    ...mp4,
  ];
}

/** How much nicer than the server a transcoding runs: the video lane yields the CPU to photos' thumbnails and to requests. */
export const TRANSCODE_NICE = 10;

/** Runs ffmpeg at a lower CPU priority; a failure carries the end of its error output. */
export function runFfmpeg(ffmpeg: string, args: string[], signal: AbortSignal, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(ffmpeg, args, { signal, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 4 * 1024 * 1024 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`ffmpeg failed: ${String(stderr).slice(-1000) || error.message}`)) : resolve(),
    );
    // A transcoding takes minutes on a small machine; at the same priority it would share the cores
    // evenly with the photo decoders, and every thumbnail would take twice as long while it runs.
    if (child.pid) {
      try {
        os.setPriority(child.pid, Math.min(19, os.getPriority() + TRANSCODE_NICE));
      } catch {
        // Not permitted here (some containers): it runs at normal priority.
      }
    }
  });
}
