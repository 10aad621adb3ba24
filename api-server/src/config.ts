import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { remoteNames, remotes as remoteManifest, type RemoteName } from '@momentos/app-manifest';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface LoginLimits {
  /** Failed logins allowed per client IP inside the window. */
  perIp: number;
  /** Failed logins allowed per e-mail inside the window. */
  perEmail: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; SQLite under dataDir when absent. */
  databaseUrl?: string;
  /** PostgreSQL schema (search_path) to use; tests use one per app. */
  databaseSchema?: string;
  /** Public origin of the front end, used for invite links (QR codes). */
  publicUrl?: string;
  /** Remote entries moved at deploy time (REMOTE_*_URL); same-origin defaults when absent. */
  remotes: Partial<Record<RemoteName, string>>;
  /** Folder holding shell/dist and the remotes' dist folders. */
  webRoot: string;
  jwtSecret?: string;
  tokenTtlSeconds: number;
  organiserEmail?: string;
  organiserPassword?: string;
  logLevel: LogLevel;
  corsOrigin: string;
  loginLimits: LoginLimits;
  uploads: UploadLimits;
  media: MediaConfig;
  realtime: RealtimeConfig;
}

export interface UploadLimits {
  /** UPLOAD_MAX_FILE_BYTES: largest single file (default 1 GB). */
  maxFileBytes: number;
  /** UPLOAD_MAX_FILES: files per request (default 10). */
  maxFiles: number;
  /** UPLOAD_MAX_TOTAL_BYTES: all files of one request together (default 200 MB). */
  maxTotalBytes: number;
  /** CHUNK_MAX_BYTES: largest chunk of a chunked upload (default 32 MB; the client sends up to 25 MB). */
  maxChunkBytes: number;
  /** CHUNK_SESSION_TTL: an unfinished chunk session idle for this long expires (default 24h). */
  chunkSessionTtlMs: number;
}

export interface MediaConfig {
  /** MEDIA_CONCURRENCY: thumbnails made at once (default: the number of cores). */
  concurrency: number;
  /** FFMPEG_PATH: ffmpeg executable; found on PATH by default; 'none' disables video posters. */
  ffmpegPath: string | null;
  /** MEDIA_MAX_INPUT_PIXELS: sharp's limitInputPixels (default 100 megapixels). */
  maxInputPixels: number;
  /** Long edge of the compressed photo (MEDIA_THUMBNAIL_SIZE, default 1600). */
  thumbnailSize: number;
}

export interface RealtimeConfig {
  /** WS_HEARTBEAT_INTERVAL: ping interval; a socket that missed the previous pong is dropped (default 30s). */
  heartbeatMs: number;
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Accepts plain seconds ("3600") or a number with a unit: s, m, h, d ("7d", "12h"). */
export function parseDuration(value: string): number {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/i.exec(value);
  if (!match) throw new Error(`Duração inválida: "${value}" (use por exemplo 3600, 30m, 12h ou 7d)`);
  const units: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };
  const seconds = Number(match[1]) * units[match[2].toLowerCase()];
  if (seconds <= 0) throw new Error(`Duração inválida: "${value}"`);
  return seconds;
}

function optional(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (optional(value) === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} inválido: "${value}"`);
  return parsed;
}

const MB = 1024 * 1024;

/** The first executable named `name` on PATH, or null. */
export function findExecutable(name: string, envPath: string | undefined = process.env.PATH): string | null {
  for (const dir of (envPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // next
    }
  }
  return null;
}

function ffmpegFrom(value: string | undefined, envPath: string | undefined): string | null {
  const chosen = optional(value);
  if (chosen === undefined) return findExecutable('ffmpeg', envPath);
  if (['none', 'off', 'false', '0'].includes(chosen.toLowerCase())) return null;
  return chosen;
}

/** The repository root: two levels above api-server/src or api-server/dist. */
export const DEFAULT_WEB_ROOT = path.resolve(__dirname, '..', '..');

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const logLevel = (optional(env.LOG_LEVEL) ?? 'info').toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL inválido: "${env.LOG_LEVEL}"`);
  const port = integer(env.PORT, 8080, 'PORT');
  if (port > 65535) throw new Error(`PORT inválido: "${env.PORT}"`);

  return {
    port,
    host: optional(env.HOST) ?? '0.0.0.0',
    dataDir: path.resolve(cwd, optional(env.DATA_DIR) ?? './data'),
    databaseUrl: optional(env.DATABASE_URL),
    databaseSchema: optional(env.DATABASE_SCHEMA),
    publicUrl: optional(env.PUBLIC_URL)?.replace(/\/+$/, ''),
    remotes: Object.fromEntries(
      remoteNames.flatMap((name) => {
        const url = optional(env[remoteManifest[name].urlVariable]);
        return url ? [[name, url]] : [];
      }),
    ),
    webRoot: path.resolve(cwd, optional(env.WEB_ROOT) ?? DEFAULT_WEB_ROOT),
    jwtSecret: optional(env.JWT_SECRET),
    tokenTtlSeconds: parseDuration(optional(env.TOKEN_TTL) ?? '7d'),
    organiserEmail: optional(env.ORGANISER_EMAIL),
    organiserPassword: optional(env.ORGANISER_PASSWORD),
    logLevel,
    corsOrigin: optional(env.CORS_ORIGIN) ?? '*',
    loginLimits: {
      perIp: integer(env.LOGIN_MAX_FAILURES_PER_IP, 20, 'LOGIN_MAX_FAILURES_PER_IP'),
      perEmail: integer(env.LOGIN_MAX_FAILURES_PER_EMAIL, 5, 'LOGIN_MAX_FAILURES_PER_EMAIL'),
      windowMs: parseDuration(optional(env.LOGIN_FAILURE_WINDOW) ?? '15m') * 1000,
    },
    uploads: {
      maxFileBytes: integer(env.UPLOAD_MAX_FILE_BYTES, 1024 * MB, 'UPLOAD_MAX_FILE_BYTES'),
      maxFiles: Math.max(1, integer(env.UPLOAD_MAX_FILES, 10, 'UPLOAD_MAX_FILES')),
      maxTotalBytes: integer(env.UPLOAD_MAX_TOTAL_BYTES, 200 * MB, 'UPLOAD_MAX_TOTAL_BYTES'),
      maxChunkBytes: integer(env.CHUNK_MAX_BYTES, 32 * MB, 'CHUNK_MAX_BYTES'),
      chunkSessionTtlMs: parseDuration(optional(env.CHUNK_SESSION_TTL) ?? '24h') * 1000,
    },
    media: {
      concurrency: Math.max(1, integer(env.MEDIA_CONCURRENCY, os.availableParallelism(), 'MEDIA_CONCURRENCY')),
      ffmpegPath: ffmpegFrom(env.FFMPEG_PATH, env.PATH ?? process.env.PATH),
      maxInputPixels: integer(env.MEDIA_MAX_INPUT_PIXELS, 100_000_000, 'MEDIA_MAX_INPUT_PIXELS'),
      thumbnailSize: Math.max(16, integer(env.MEDIA_THUMBNAIL_SIZE, 1600, 'MEDIA_THUMBNAIL_SIZE')),
    },
    realtime: {
      heartbeatMs: parseDuration(optional(env.WS_HEARTBEAT_INTERVAL) ?? '30s') * 1000,
    },
  };
}
