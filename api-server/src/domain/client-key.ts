import { CLIENT_KEY_PATTERN } from '@momentos/api-contract';
import { deleteKeyMatches, hashOf } from './delete-key';

// Issue 23: the secret that proves a client sent a file. The sender's queue chooses one per file
// (random, at least 128 bits) and sends it with the file; the server keeps its SHA-256 on the photo.
// The stored-files lookup, and a retry that answers an earlier copy with a new delete key, need it
// back: knowing a file's name and size is not enough.

const CLIENT_KEY = new RegExp(CLIENT_KEY_PATTERN);

/** Whether `key` has the shape of a client key. */
export const isClientKey = (key: string | undefined): key is string => key !== undefined && CLIENT_KEY.test(key);

/** The hash to keep for a client key, or null without one. */
export const clientKeyHash = (key: string | undefined): string | null => (isClientKey(key) ? hashOf(key) : null);

/** Whether `key` is the one whose hash a photo or session keeps (constant time); never without both. */
export const clientKeyMatches = (key: string | null | undefined, storedHash: string | null): boolean =>
  typeof key === 'string' && isClientKey(key) && deleteKeyMatches(key, storedHash);

export const invalidClientKeyMessage = "O campo 'client_key' é inválido: use de 16 a 128 letras, números, '-' ou '_'.";
