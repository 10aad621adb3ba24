import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: easy to read aloud and type. 31 symbols. */
export const INVITE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 31^8 ≈ 8.5 × 10^11 codes: short, yet impractical to guess. */
export const INVITE_LENGTH = 8;

export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_LENGTH; i++) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

/** Codes are matched case-insensitively and ignoring spaces and dashes. */
export function normaliseInviteCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}
