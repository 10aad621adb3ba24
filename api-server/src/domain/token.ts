import { createHmac, timingSafeEqual } from 'node:crypto';

/** HS256 JWTs with the algorithm pinned: the header's `alg` must be exactly HS256. */
export interface TokenClaims {
  sub: string;
  email: string;
  /** The session (issue 23 item 2): the token answers only while its row exists. */
  sid: string;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export function signToken(claims: { sub: string; email: string; sid: string }, secret: string, ttlSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const payload = Buffer.from(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds })).toString('base64url');
  const input = `${HEADER}.${payload}`;
  return `${input}.${sign(input, secret).toString('base64url')}`;
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The claims of a valid, unexpired token; null for anything else (alg none, bad signature, expired, garbage). */
export function verifyToken(token: string, secret: string, now = Date.now()): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) return null;
  const [headerPart, payloadPart, signaturePart] = parts;
  const header = decodeJson(headerPart);
  if (!header || header.alg !== 'HS256') return null;
  const expected = sign(`${headerPart}.${payloadPart}`, secret);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = decodeJson(payloadPart);
  if (!payload) return null;
  const { sub, email, sid, iat, exp } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string' || !sid || typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  if (exp <= Math.floor(now / 1000)) return null;
  return { sub, email: typeof email === 'string' ? email : '', sid, iat: typeof iat === 'number' ? iat : 0, exp };
}
