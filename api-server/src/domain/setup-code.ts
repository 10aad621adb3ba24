import { createHash, randomInt } from 'node:crypto';

/**
 * Issue 27: the one-time code that lets the first organiser be created from the browser. Six digits
 * shown as '482-913'; typed with or without the dash or spaces. Wrong codes count like failed logins.
 */
export function newSetupCode(): string {
  const digits = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return `${digits.slice(0, 3)}-${digits.slice(3)}`;
}

/** The stored form of a typed code: its digits, hashed; null when it cannot be a code. */
export function setupCodeHash(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  return createHash('sha256').update(`setup:${digits}`).digest('hex');
}
