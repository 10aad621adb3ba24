import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

/**
 * Issue 23: passwords are hashed with argon2id at OWASP's current recommendation (Password Storage
 * Cheat Sheet: m = 19 MiB, t = 2, p = 1). Hashes made before (scrypt, N = 2^14) and hashes made
 * with weaker parameters still verify; `needsRehash` tells the login to store a fresh hash then.
 */
export const ARGON2_PARAMS = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;
// 2 is Algorithm.Argon2id (a const enum the package declares, which isolated modules cannot read).
const ARGON2_OPTIONS = { algorithm: 2 as const, outputLen: 32, ...ARGON2_PARAMS };

/** `$argon2id$v=19$m=19456,t=2,p=1$salt$hash` (PHC string format). */
export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), ARGON2_OPTIONS);
}

/** The legacy format `scrypt$N$r$p$salt$hash` (salt and hash in base64url), verified only. */
function deriveScrypt(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  // A stored hash is ours, but its numbers are read from text: nothing above N = 2^20 is accepted.
  if (![params.N, params.r, params.p].every(Number.isInteger) || params.N > 2 ** 20 || params.r > 32 || params.p > 16) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await deriveScrypt(password, Buffer.from(salt, 'base64url'), params, expected.length);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await argon2Verify(stored, password.normalize('NFKC'));
  } catch {
    return false;
  }
}

/** Whether a stored hash is below today's parameters (another scheme, or weaker argon2id): rehashed at the next login. */
export function needsRehash(stored: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!match) return true;
  const [m, t, p] = match.slice(1).map(Number);
  return m < ARGON2_PARAMS.memoryCost || t < ARGON2_PARAMS.timeCost || p !== ARGON2_PARAMS.parallelism;
}

/** A hash to compare against when the e-mail is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
