import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// A guest's power to undo their own upload (issue 10): a random key shown once in the upload's
// answer; the server keeps only its SHA-256, so a leaked database gives no key.

/** SHA-256 (hex) of a secret the server keeps only hashed (delete keys, client keys). */
export const hashOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** A fresh key (192 random bits, base64url) and the hash to store. */
export function newDeleteKey(): { key: string; hash: string } {
  const key = randomBytes(24).toString('base64url');
  return { key, hash: hashOf(key) };
}

/** Whether `key` is the one whose hash was stored (constant time). */
export function deleteKeyMatches(key: string, storedHash: string | null): boolean {
  if (!storedHash || key.length === 0 || key.length > 200) return false;
  const given = Buffer.from(hashOf(key), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
