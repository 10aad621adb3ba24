import path from 'node:path';

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
  remotes: { organiser?: string; guest?: string; gallery?: string };
  /** Folder holding shell/dist and the remotes' dist folders. */
  webRoot: string;
  jwtSecret?: string;
  tokenTtlSeconds: number;
  organiserEmail?: string;
  organiserPassword?: string;
  logLevel: LogLevel;
  corsOrigin: string;
  loginLimits: LoginLimits;
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
    remotes: {
      organiser: optional(env.REMOTE_ORGANISER_URL),
      guest: optional(env.REMOTE_GUEST_URL),
      gallery: optional(env.REMOTE_GALLERY_URL),
    },
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
  };
}
