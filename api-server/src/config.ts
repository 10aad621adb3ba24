import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ffprobeBeside } from './infra/media/video';
import { remoteNames, remotes as remoteManifest, type RemoteName } from '@momentos/app-manifest';

/** A configuration the server refuses to start with; the message names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

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
  /** CORS_ORIGIN: origins allowed to call the API from a browser; '' (the default without PUBLIC_URL) allows none but the page's own. */
  corsOrigin: string;
  loginLimits: LoginLimits;
  /** Issue 23: PIN_MAX_FAILURES_PER_EVENT, wrong PINs an event takes (all addresses together) per 15 minutes before its guests wait. */
  pinLimits: { perEvent: number };
  uploads: UploadLimits;
  media: MediaConfig;
  realtime: RealtimeConfig;
  storage: StorageConfig;
  /** TRUST_PROXY: Fastify's trustProxy; false unless configured (X-Forwarded-For is then ignored). */
  trustProxy: false | number | string[];
  guards: ServerGuards;
  /** Issue 27 item 6: webhooks' delivery and their address guard. */
  webhooks: WebhookConfig;
  /** Issue 26: the guestbook and hearts. */
  guestbook: GuestbookConfig;
  /** Issue 27: outgoing e-mail (invites, password reset); without SMTP_URL the screens show the link instead. */
  mail: MailConfig;
  /** Issue 27 item 5: DIGEST_HOUR, the server-local hour (0-23) of the 'Resumo diário' e-mails. */
  digestHour: number;
}

/** Issue 26: the guestbook's voice notes and the hearts' rate limit. */
export interface GuestbookConfig {
  /** MESSAGE_MAX_AUDIO_SECONDS: longest voice note (default 60); the AAC rendition is cut there. */
  maxAudioSeconds: number;
  /** Largest voice note accepted, derived from the length (48 KB a second, at least 1 MB). */
  maxAudioBytes: number;
  /** REACTION_RATE_LIMIT: hearts given or taken back per client address per minute (default 120; 0 = no limit). */
  reactionRateLimitPerMinute: number;
  /** MESSAGE_AUDIO_LINK_TTL: how long the 'Livro de recados' QR links play their voice note (default 180d). */
  audioLinkTtlSeconds: number;
}

export interface MailConfig {
  /** SMTP_URL: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465; undefined: no e-mail. */
  smtpUrl?: string;
  /** MAIL_FROM: the sender, e.g. 'Momentos <fotos@example.com>' (default: nao-responda@ the PUBLIC_URL's host). */
  from: string;
}

/** Issue 27: SMTP_URL must be an smtp:// or smtps:// URL with a host. */
function mailFrom(env: Env, publicUrl: string | undefined): MailConfig {
  const smtpUrl = optional(env.SMTP_URL);
  if (smtpUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(smtpUrl);
    } catch {
      url = undefined;
    }
    if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) {
      throw new ConfigError('SMTP_URL inválido: use uma URL como smtp://usuario:senha@smtp.example.com:587 ou smtps://usuario:senha@smtp.example.com:465');
    }
  }
  let host = 'localhost';
  try {
    if (publicUrl) host = new URL(publicUrl).hostname;
  } catch {
    // PUBLIC_URL's own check names it.
  }
  return { smtpUrl, from: optional(env.MAIL_FROM) ?? `Momentos <nao-responda@${host}>` };
}

export type StorageDriverName = 'local' | 's3';

export interface S3Settings {
  /** S3_ENDPOINT: URL of an S3-compatible server; undefined for AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; both undefined means the SDK's default chain (AWS_* variables, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** S3_FORCE_PATH_STYLE: http://host/bucket/key instead of http://bucket.host/key (MinIO and the like). */
  forcePathStyle: boolean;
  /**
   * S3_MIN_PART_BYTES: smallest chunk but the last a chunk session accepts, S3's minimum part
   * (default 5 MiB, what S3 and MinIO require; the client's chunks are 5 MiB or more).
   */
  minPartBytes: number;
}

export interface StorageConfig {
  /** STORAGE_DRIVER: where media files live, DATA_DIR/files (local) or a bucket (s3). */
  driver: StorageDriverName;
  s3?: S3Settings;
}

export interface WebhookConfig {
  /** WEBHOOK_ALLOW_PRIVATE: allow addresses on private, loopback, link-local or other non-public networks (default false: refused, SSRF). */
  allowPrivate: boolean;
  /** WEBHOOK_RETRY_DELAYS: pauses before each retry of a failed delivery (seconds; default 10s,1m,5m,30m,2h: one attempt and five retries). */
  retryDelaysSeconds: number[];
  /** WEBHOOK_TIMEOUT: longest one attempt may take, connection to answer (default 10s). */
  timeoutMs: number;
}

export interface MediaJobConfig {
  /** MEDIA_JOB_RETRIES: retries of a failing job before the photo ends with an error (PostgreSQL queue). */
  retries: number;
  /** MEDIA_JOB_RETRY_DELAY: pause before the first retry, doubling after each (seconds). */
  retryDelaySeconds: number;
  /** MEDIA_JOB_TIMEOUT: a job running longer (its instance died or hangs) is failed and retried (seconds). */
  timeoutSeconds: number;
  /** How often an idle instance asks the queue for work (seconds). */
  pollSeconds: number;
  /** How often the queue's maintenance looks for timed-out jobs (seconds). */
  maintenanceSeconds: number;
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
  /** CHUNK_SESSION_TTL: an unfinished chunk session idle for this long expires and its bytes are removed (default 6h). */
  chunkSessionTtlMs: number;
  /** CHUNK_SESSIONS_PER_IP: unfinished chunk sessions one client address may hold open (default 20). */
  chunkSessionsPerIp: number;
  /** UPLOAD_BODIES_PER_IP: upload request bodies one client address may send at once (default 6). */
  bodiesPerIp: number;
  /** EVENT_MAX_BYTES: the originals one event may hold together (default 50 GiB). */
  eventMaxBytes: number;
  /** EVENT_MAX_FILES: the photos and videos one event may hold (default 20,000). */
  eventMaxFiles: number;
  /** UPLOAD_RATE_LIMIT: upload and chunk-session requests per client address per minute (default 120; 0 = no limit). */
  rateLimitPerMinute: number;
}

export interface MediaConfig {
  /** MEDIA_CONCURRENCY: thumbnails made at once (default: the number of cores; 0 = this instance takes no media jobs, PostgreSQL only). */
  concurrency: number;
  /** FFMPEG_PATH: ffmpeg executable; found on PATH by default; 'none' disables video posters. */
  ffmpegPath: string | null;
  /** EXIFTOOL_PATH (issue 22): exiftool, which makes the guests' copies of originals without location; found on PATH by default, else exiftool-vendored's (with perl); 'none': guests get no originals with location metadata. */
  exiftoolPath: string | null;
  /** MEDIA_MAX_INPUT_PIXELS: sharp's limitInputPixels (default 100 megapixels). */
  maxInputPixels: number;
  /** Long edge of the grid rendition, `compressed_photo` (MEDIA_THUMBNAIL_SIZE, default 640). */
  thumbnailSize: number;
  /** Long edge of the screen rendition, `display_photo` (MEDIA_DISPLAY_SIZE, default 2048). */
  displaySize: number;
  /** The PostgreSQL job queue's settings (unused on SQLite, whose queue is in process). */
  jobs: MediaJobConfig;
  /** MEDIA_JOB_MAX_MEMORY: memory ceiling of one media job's decoder process (default 1 GiB); past it the job fails, not the server. */
  jobMaxMemoryBytes: number;
  /** MEDIA_DECODE_TIMEOUT: longest one decoder run (ffmpeg, the image decoder) may take (default 120s). */
  decodeTimeoutMs: number;
  /** Issue 25: videos' playback renditions and limits. */
  video: VideoConfig;
}

export interface VideoConfig {
  /** ffprobe (beside FFMPEG_PATH, else on PATH); null without ffmpeg: no renditions, no length check. */
  ffprobePath: string | null;
  /** VIDEO_CONCURRENCY: playback renditions made at once, in a lane of their own (default 1). */
  concurrency: number;
  /** VIDEO_MAX_EDGE: long edge of the playback rendition (default 1080). */
  maxEdge: number;
  /** VIDEO_MAX_BITRATE: the rendition's video bit rate cap in bit/s ("5M", "2500k"; default 5 Mbit/s). */
  maxBitrate: number;
  /** VIDEO_PRESET: x264's preset for transcoding (default veryfast). */
  preset: string;
  /** VIDEO_MAX_SECONDS: the longest video guests may send, unless the event says otherwise (default 300). */
  maxSeconds: number;
  /** WALL_VIDEO_SECONDS: how long the wall plays a video before the next item (default 20). */
  wallSeconds: number;
}

const X264_PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow'];

/** A bit rate in bit/s: plain ("5000000") or with a decimal unit ("5M", "2500k"). */
export function parseBitrate(value: string, name: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([km]?)\s*$/i.exec(value);
  const bits = match ? Number(match[1]) * { '': 1, k: 1000, m: 1_000_000 }[match[2].toLowerCase() as '' | 'k' | 'm'] : NaN;
  if (!Number.isFinite(bits) || bits < 100_000) throw new ConfigError(`${name} inválido: "${value}" (use por exemplo 5M ou 2500k; no mínimo 100k)`);
  return Math.round(bits);
}

function videoFrom(env: Env, ffmpegPath: string | null): VideoConfig {
  const preset = (optional(env.VIDEO_PRESET) ?? 'veryfast').toLowerCase();
  if (!X264_PRESETS.includes(preset)) throw new ConfigError(`VIDEO_PRESET inválido: "${env.VIDEO_PRESET}" (use ${X264_PRESETS.join(', ')})`);
  return {
    ffprobePath: ffmpegPath ? ffprobeBeside(ffmpegPath, (name) => findExecutable(name, env.PATH ?? process.env.PATH)) : null,
    concurrency: Math.max(1, integer(env.VIDEO_CONCURRENCY, 1, 'VIDEO_CONCURRENCY')),
    maxEdge: Math.max(144, integer(env.VIDEO_MAX_EDGE, 1080, 'VIDEO_MAX_EDGE')),
    maxBitrate: optional(env.VIDEO_MAX_BITRATE) === undefined ? 5_000_000 : parseBitrate(env.VIDEO_MAX_BITRATE!, 'VIDEO_MAX_BITRATE'),
    preset,
    maxSeconds: Math.max(1, integer(env.VIDEO_MAX_SECONDS, 300, 'VIDEO_MAX_SECONDS')),
    wallSeconds: Math.max(3, integer(env.WALL_VIDEO_SECONDS, 20, 'WALL_VIDEO_SECONDS')),
  };
}

export interface RealtimeConfig {
  /** WS_HEARTBEAT_INTERVAL: ping interval; a socket that missed the previous pong is dropped (default 30s). */
  heartbeatMs: number;
  /** WS_MAX_PER_IP: open sockets one client address may hold (default 50). */
  maxSocketsPerIp: number;
}

/** What protects the server itself: its disk, its sockets, its deploys. */
export interface ServerGuards {
  /** MIN_FREE_DISK: uploads are refused (507) below this many free bytes under DATA_DIR; null: 1 GiB or 5 % of the disk, whichever is larger. */
  minFreeDiskBytes: number | null;
  /** BODY_IDLE_TIMEOUT: a request body that stops moving this long is cut with 408 (default 60s). */
  bodyIdleTimeoutMs: number;
  /** BODY_MIN_RATE: bytes per second a request body must average over each window, else it is cut with 408 (default 1K; 0 = off). */
  bodyMinRate: number;
  /** BODY_MIN_RATE_WINDOW: the window BODY_MIN_RATE is measured over (default 30s). */
  bodyMinRateWindowMs: number;
  /** ORPHAN_GRACE: an unreferenced stored file younger than this may still be a request's in flight; older ones are swept (default 1h). */
  orphanGraceMs: number;
  /** SHUTDOWN_GRACE: after SIGTERM, requests in flight get this long to finish (default 30s). */
  shutdownGraceMs: number;
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Accepts plain seconds ("3600") or a number with a unit: s, m, h, d ("7d", "12h"). */
export function parseDuration(value: string): number {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/i.exec(value);
  if (!match) throw new ConfigError(`Duração inválida: "${value}" (use por exemplo 3600, 30m, 12h ou 7d)`);
  const units: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };
  const seconds = Number(match[1]) * units[match[2].toLowerCase()];
  if (seconds <= 0) throw new ConfigError(`Duração inválida: "${value}"`);
  return seconds;
}

function optional(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (optional(value) === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new ConfigError(`${name} inválido: "${value}"`);
  return parsed;
}

const MB = 1024 * 1024;

const BYTE_UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/** A byte count, plain ("1073741824") or with a binary unit ("512M", "2G", "1T"). */
export function parseBytes(value: string, name: string): number {
  const match = /^\s*(\d+)\s*([kmgt]?)i?b?\s*$/i.exec(value);
  if (!match) throw new ConfigError(`${name} inválido: "${value}" (use bytes, ou por exemplo 512M, 2G)`);
  return Number(match[1]) * BYTE_UNITS[match[2].toLowerCase()];
}

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

function ffmpegFrom(value: string | undefined, envPath: string | undefined, name = 'ffmpeg'): string | null {
  const chosen = optional(value);
  if (chosen === undefined) return findExecutable(name, envPath);
  if (['none', 'off', 'false', '0'].includes(chosen.toLowerCase())) return null;
  return chosen;
}

/**
 * EXIFTOOL_PATH: the given program ('none' for none); by default the exiftool on PATH, else the one
 * exiftool-vendored installs with this server (exiftool-vendored.pl: ExifTool's own Perl script, so
 * only where perl is on PATH, as on macOS and Linux). npm's scripts put that script on PATH through
 * node_modules/.bin; a server started otherwise (node dist/server.js, a service) finds it here.
 */
function exiftoolFrom(value: string | undefined, envPath: string | undefined): string | null {
  if (optional(value) !== undefined) return ffmpegFrom(value, envPath, 'exiftool');
  return findExecutable('exiftool', envPath) ?? (findExecutable('perl', envPath) ? vendoredExiftool() : null);
}

/** The exiftool script of the exiftool-vendored.pl package, or null where it is not installed (Windows). */
function vendoredExiftool(): string | null {
  try {
    return require.resolve('exiftool-vendored.pl/bin/exiftool');
  } catch {
    return null;
  }
}

function flag(value: string | undefined, fallback: boolean, name: string): boolean {
  const chosen = optional(value)?.toLowerCase();
  if (chosen === undefined) return fallback;
  if (['true', '1', 'yes', 'on'].includes(chosen)) return true;
  if (['false', '0', 'no', 'off'].includes(chosen)) return false;
  throw new ConfigError(`${name} inválido: "${value}" (use true ou false)`);
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function storageFrom(env: Env): StorageConfig {
  const driver = (optional(env.STORAGE_DRIVER) ?? 'local').toLowerCase();
  if (driver === 'local') return { driver: 'local' };
  if (driver !== 's3') throw new ConfigError(`STORAGE_DRIVER inválido: "${env.STORAGE_DRIVER}" (use local ou s3)`);

  const bucket = optional(env.S3_BUCKET);
  if (!bucket) throw new ConfigError('S3_BUCKET é obrigatório com STORAGE_DRIVER=s3: o nome do bucket que guarda os arquivos.');
  if (!BUCKET_NAME.test(bucket)) throw new ConfigError(`S3_BUCKET inválido: "${bucket}" (3 a 63 caracteres: letras minúsculas, números, ponto e hífen)`);
  const endpoint = optional(env.S3_ENDPOINT)?.replace(/\/+$/, '');
  if (endpoint !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(endpoint);
    } catch {
      // refused below
    }
    if (!url || !/^https?:$/.test(url.protocol)) throw new ConfigError(`S3_ENDPOINT inválido: "${endpoint}" (uma URL http:// ou https://; vazio para a AWS)`);
  }
  const accessKeyId = optional(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = optional(env.S3_SECRET_ACCESS_KEY);
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      `${accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} está vazio: defina S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntos (ou nenhum dos dois, para as credenciais padrão da AWS).`,
    );
  }
  return {
    driver: 's3',
    s3: {
      endpoint,
      region: optional(env.S3_REGION) ?? 'us-east-1',
      bucket,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, false, 'S3_FORCE_PATH_STYLE'),
      minPartBytes: integer(env.S3_MIN_PART_BYTES, 5 * 1024 * 1024, 'S3_MIN_PART_BYTES'),
    },
  };
}

const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

/** A hop count ("1") or the proxies' addresses ("10.0.0.1, 10.0.0.0/8, loopback"); unset means no proxy is trusted. */
export function trustProxyFrom(value: string | undefined): Config['trustProxy'] {
  const chosen = optional(value);
  if (chosen === undefined || chosen.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(chosen)) return Number(chosen) === 0 ? false : Number(chosen);
  if (chosen.toLowerCase() === 'true') {
    throw new ConfigError('TRUST_PROXY=true aceitaria o X-Forwarded-For de qualquer cliente: use o número de proxies à frente do servidor (ex.: 1) ou os endereços deles.');
  }
  const entries = chosen.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = net.isIP(address);
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!(PROXY_KEYWORDS.includes(entry) || (family !== 0 && validBits && extra === undefined))) {
      throw new ConfigError(`TRUST_PROXY inválido: "${entry}" (use um número de proxies ou endereços IP/CIDR separados por vírgula)`);
    }
  }
  return entries;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function (the last n hops are proxies), as
 * Express does: Fastify 5.12 ignores a bare number (it cannot check the peer), so the count trusts the
 * last n addresses whoever connects; give the proxies' addresses when clients can reach the server directly.
 */
export function fastifyTrustProxy(value: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/** Issue 23: the shortest ORGANISER_PASSWORD (the same minimum as the command line's). */
export const MIN_ORGANISER_PASSWORD_LENGTH = 8;

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    throw new ConfigError(`PUBLIC_URL inválido: "${url}" (uma URL como https://fotos.example.com)`);
  }
}

/** The repository root: two levels above api-server/src or api-server/dist. */
export const DEFAULT_WEB_ROOT = path.resolve(__dirname, '..', '..');

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const logLevel = (optional(env.LOG_LEVEL) ?? 'info').toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL inválido: "${env.LOG_LEVEL}"`);
  const port = integer(env.PORT, 8080, 'PORT');
  if (port > 65535) throw new ConfigError(`PORT inválido: "${env.PORT}"`);
  const databaseUrl = optional(env.DATABASE_URL);
  const storage = storageFrom(env);
  const jwtSecret = optional(env.JWT_SECRET);
  // Issue 23: a short secret can be guessed offline from one token, whatever the storage. Object
  // storage is what lets several instances serve the same files, so with it this instance is taken
  // to be one of several: they must all sign and accept the same tokens, so the secret is required.
  if ((jwtSecret && jwtSecret.length < 32) || (storage.driver === 's3' && !jwtSecret)) {
    throw new ConfigError(
      jwtSecret
        ? 'JWT_SECRET é curto demais: use 32 caracteres aleatórios ou mais (ex.: openssl rand -base64 48), ou deixe vazio para o servidor gerar um em DATA_DIR.'
        : 'JWT_SECRET é obrigatório com STORAGE_DRIVER=s3: várias instâncias precisam do mesmo segredo para aceitar os tokens umas das outras. Defina em todas o mesmo JWT_SECRET, com 32 caracteres aleatórios ou mais (ex.: openssl rand -base64 48).',
    );
  }
  const organiserPassword = optional(env.ORGANISER_PASSWORD);
  if (organiserPassword !== undefined && organiserPassword.length < MIN_ORGANISER_PASSWORD_LENGTH) {
    throw new ConfigError(`ORGANISER_PASSWORD é curta demais: use pelo menos ${MIN_ORGANISER_PASSWORD_LENGTH} caracteres.`);
  }
  const publicUrl = optional(env.PUBLIC_URL)?.replace(/\/+$/, '');
  const concurrency = integer(env.MEDIA_CONCURRENCY, os.availableParallelism(), 'MEDIA_CONCURRENCY');
  const ffmpegPath = ffmpegFrom(env.FFMPEG_PATH, env.PATH ?? process.env.PATH);
  if (concurrency === 0 && !databaseUrl) {
    throw new ConfigError('MEDIA_CONCURRENCY=0 (instância sem processamento de mídia) exige PostgreSQL (DATABASE_URL): com SQLite nenhuma outra instância faria as miniaturas.');
  }

  return {
    port,
    host: optional(env.HOST) ?? '0.0.0.0',
    dataDir: path.resolve(cwd, optional(env.DATA_DIR) ?? './data'),
    databaseUrl,
    databaseSchema: optional(env.DATABASE_SCHEMA),
    publicUrl,
    remotes: Object.fromEntries(
      remoteNames.flatMap((name) => {
        const url = optional(env[remoteManifest[name].urlVariable]);
        return url ? [[name, url]] : [];
      }),
    ),
    webRoot: path.resolve(cwd, optional(env.WEB_ROOT) ?? DEFAULT_WEB_ROOT),
    jwtSecret,
    tokenTtlSeconds: parseDuration(optional(env.TOKEN_TTL) ?? '7d'),
    organiserEmail: optional(env.ORGANISER_EMAIL),
    organiserPassword,
    logLevel,
    // Issue 23: no longer '*': the public origin (the page's own origin needs no CORS at all).
    corsOrigin: optional(env.CORS_ORIGIN) ?? (publicUrl ? originOf(publicUrl) : ''),
    loginLimits: {
      perIp: integer(env.LOGIN_MAX_FAILURES_PER_IP, 20, 'LOGIN_MAX_FAILURES_PER_IP'),
      perEmail: integer(env.LOGIN_MAX_FAILURES_PER_EMAIL, 5, 'LOGIN_MAX_FAILURES_PER_EMAIL'),
      windowMs: parseDuration(optional(env.LOGIN_FAILURE_WINDOW) ?? '15m') * 1000,
    },
    pinLimits: { perEvent: Math.max(1, integer(env.PIN_MAX_FAILURES_PER_EVENT, 100, 'PIN_MAX_FAILURES_PER_EVENT')) },
    uploads: {
      maxFileBytes: integer(env.UPLOAD_MAX_FILE_BYTES, 1024 * MB, 'UPLOAD_MAX_FILE_BYTES'),
      maxFiles: Math.max(1, integer(env.UPLOAD_MAX_FILES, 10, 'UPLOAD_MAX_FILES')),
      maxTotalBytes: integer(env.UPLOAD_MAX_TOTAL_BYTES, 200 * MB, 'UPLOAD_MAX_TOTAL_BYTES'),
      maxChunkBytes: integer(env.CHUNK_MAX_BYTES, 32 * MB, 'CHUNK_MAX_BYTES'),
      chunkSessionTtlMs: parseDuration(optional(env.CHUNK_SESSION_TTL) ?? '6h') * 1000,
      chunkSessionsPerIp: Math.max(1, integer(env.CHUNK_SESSIONS_PER_IP, 20, 'CHUNK_SESSIONS_PER_IP')),
      bodiesPerIp: Math.max(1, integer(env.UPLOAD_BODIES_PER_IP, 6, 'UPLOAD_BODIES_PER_IP')),
      eventMaxBytes: optional(env.EVENT_MAX_BYTES) === undefined ? 50 * 1024 * MB : parseBytes(env.EVENT_MAX_BYTES!, 'EVENT_MAX_BYTES'),
      eventMaxFiles: integer(env.EVENT_MAX_FILES, 20_000, 'EVENT_MAX_FILES'),
      rateLimitPerMinute: integer(env.UPLOAD_RATE_LIMIT, 120, 'UPLOAD_RATE_LIMIT'),
    },
    media: {
      concurrency,
      ffmpegPath,
      exiftoolPath: exiftoolFrom(env.EXIFTOOL_PATH, env.PATH ?? process.env.PATH),
      maxInputPixels: integer(env.MEDIA_MAX_INPUT_PIXELS, 100_000_000, 'MEDIA_MAX_INPUT_PIXELS'),
      thumbnailSize: Math.max(16, integer(env.MEDIA_THUMBNAIL_SIZE, 640, 'MEDIA_THUMBNAIL_SIZE')),
      displaySize: Math.max(16, integer(env.MEDIA_DISPLAY_SIZE, 2048, 'MEDIA_DISPLAY_SIZE')),
      jobs: {
        retries: integer(env.MEDIA_JOB_RETRIES, 3, 'MEDIA_JOB_RETRIES'),
        retryDelaySeconds: Math.max(1, parseDuration(optional(env.MEDIA_JOB_RETRY_DELAY) ?? '30s')),
        timeoutSeconds: parseDuration(optional(env.MEDIA_JOB_TIMEOUT) ?? '15m'),
        pollSeconds: 2,
        maintenanceSeconds: Math.min(60, parseDuration(optional(env.MEDIA_JOB_TIMEOUT) ?? '15m')),
      },
      jobMaxMemoryBytes: optional(env.MEDIA_JOB_MAX_MEMORY) === undefined ? 1024 * MB : parseBytes(env.MEDIA_JOB_MAX_MEMORY!, 'MEDIA_JOB_MAX_MEMORY'),
      decodeTimeoutMs: parseDuration(optional(env.MEDIA_DECODE_TIMEOUT) ?? '120s') * 1000,
      video: videoFrom(env, ffmpegPath),
    },
    realtime: {
      heartbeatMs: parseDuration(optional(env.WS_HEARTBEAT_INTERVAL) ?? '30s') * 1000,
      maxSocketsPerIp: Math.max(1, integer(env.WS_MAX_PER_IP, 50, 'WS_MAX_PER_IP')),
    },
    storage,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    guards: {
      minFreeDiskBytes: optional(env.MIN_FREE_DISK) === undefined ? null : parseBytes(env.MIN_FREE_DISK!, 'MIN_FREE_DISK'),
      bodyIdleTimeoutMs: parseDuration(optional(env.BODY_IDLE_TIMEOUT) ?? '60s') * 1000,
      bodyMinRate: optional(env.BODY_MIN_RATE) === undefined ? 1024 : parseBytes(env.BODY_MIN_RATE!, 'BODY_MIN_RATE'),
      bodyMinRateWindowMs: parseDuration(optional(env.BODY_MIN_RATE_WINDOW) ?? '30s') * 1000,
      orphanGraceMs: parseDuration(optional(env.ORPHAN_GRACE) ?? '1h') * 1000,
      shutdownGraceMs: parseDuration(optional(env.SHUTDOWN_GRACE) ?? '30s') * 1000,
    },
    webhooks: {
      allowPrivate: flag(env.WEBHOOK_ALLOW_PRIVATE, false, 'WEBHOOK_ALLOW_PRIVATE'),
      retryDelaysSeconds: (optional(env.WEBHOOK_RETRY_DELAYS) ?? '10s,1m,5m,30m,2h')
        .split(',')
        .filter((part) => part.trim() !== '')
        .map((part) => Math.max(1, parseDuration(part))),
      timeoutMs: Math.max(1, parseDuration(optional(env.WEBHOOK_TIMEOUT) ?? '10s')) * 1000,
    },
    guestbook: guestbookFrom(env),
    mail: mailFrom(env, publicUrl),
    digestHour: digestHourFrom(env.DIGEST_HOUR),
  };
}

/** Issue 27 item 5: DIGEST_HOUR, a whole hour of the server's local day (default 9). */
function digestHourFrom(value: string | undefined): number {
  if (optional(value) === undefined) return 9;
  const hour = Number(value);
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new ConfigError(`DIGEST_HOUR inválido: "${value}" (uma hora inteira de 0 a 23, no horário do servidor)`);
  return hour;
}

function guestbookFrom(env: Env): GuestbookConfig {
  const maxAudioSeconds = Math.max(1, integer(env.MESSAGE_MAX_AUDIO_SECONDS, 60, 'MESSAGE_MAX_AUDIO_SECONDS'));
  return {
    maxAudioSeconds,
    maxAudioBytes: Math.max(1024 * 1024, maxAudioSeconds * 48 * 1024),
    reactionRateLimitPerMinute: integer(env.REACTION_RATE_LIMIT, 120, 'REACTION_RATE_LIMIT'),
    audioLinkTtlSeconds: parseDuration(optional(env.MESSAGE_AUDIO_LINK_TTL) ?? '180d'),
  };
}
