import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError, messages, notFound } from '../errors';
import { pinRequiredMessage } from './event-pin';
import { fileUrl } from './files';
import { assertGalleryOpen, galleryOpen, type EventRules } from './visibility';

/**
 * Issue 22: who may read a stored file, decided on every request from the file's photo *now*.
 *
 * - An event's image, its card and its QR codes are public assets (link previews, the share dialog).
 * - A photo's files (original, grid and screen renditions, the guests' copy, and whatever a later
 *   rendition adds next to them) are read by the event's owner always, and by guests and the wall
 *   only while the photo is published (album public, neither hidden nor pending) and the gallery is
 *   open to guests; guests of a PIN event only through a URL signed for the current PIN.
 *
 * The browser loads files with plain `<img src>` and `<video src>`, which carry no headers: a reader who
 * proved more than "anyone" (the owner's token, the wall link, the PIN) gets URLs signed for it in the
 * lists and socket messages (`&scope=&exp=&sig=`, an HMAC over the key, the scope, what the scope is
 * bound to and the expiry). A signature proves who asked; the photo's state is still checked on every
 * request, so hiding a photo, closing an album or the gallery takes effect within the state cache's
 * few seconds whatever URL a guest holds. A PIN's signature is bound to the PIN and a wall's to the
 * wall link: changing either revokes their URLs at once.
 */

/** What a signed URL stands for: the owner ('o'), the event's wall link ('w'), a guest who typed the PIN ('g'). */
export type FileGrant = { scope: 'o'; organiserId: string } | { scope: 'w'; wallTokenHash: string } | { scope: 'g'; pin: string };

/** How long a signed URL lives: until the end of the next 6-hour period (6 to 12 hours), so lists repeat the same URLs and browsers reuse their copies. */
export const SIGNED_PERIOD_SECONDS = 6 * 60 * 60;

export const expiryOf = (now = Date.now()) => (Math.floor(now / 1000 / SIGNED_PERIOD_SECONDS) + 2) * SIGNED_PERIOD_SECONDS;

/** Signed with a key derived from the token secret for this one purpose (never a valid token or ticket). */
const fileKey = (secret: string) => createHmac('sha256', secret).update('momentos file url v1').digest();

const boundTo = (grant: FileGrant) => (grant.scope === 'o' ? grant.organiserId : grant.scope === 'w' ? grant.wallTokenHash : grant.pin);

function mac(secret: string, key: string, grant: FileGrant, exp: number): string {
  return createHmac('sha256', fileKey(secret)).update(`${key}\n${grant.scope}\n${boundTo(grant)}\n${exp}`).digest().subarray(0, 18).toString('base64url');
}

/** Makes file URLs for one reader: plain ones for anyone, signed ones for a grant. */
export type FileUrls = (key: string) => string;

export const plainFileUrls: FileUrls = fileUrl;

export function signedFileUrls(grant: FileGrant | null, secret: string, now = Date.now()): FileUrls {
  if (!grant) return plainFileUrls;
  const exp = expiryOf(now);
  return (key) => `${fileUrl(key)}&scope=${grant.scope}&exp=${exp}&sig=${mac(secret, key, grant, exp)}`;
}

/** The credential a file request carries in its URL. */
export interface FileSignature {
  scope?: string;
  exp?: string | number;
  sig?: string;
}

function signatureHolds(secret: string, key: string, grant: FileGrant, sent: FileSignature, now: number): boolean {
  const exp = Number(sent.exp);
  if (sent.scope !== grant.scope || !Number.isInteger(exp) || exp <= Math.floor(now / 1000) || !sent.sig) return false;
  const given = Buffer.from(sent.sig);
  const expected = Buffer.from(mac(secret, key, grant, exp));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A stored file as the access check sees it. */
export type FileSubject =
  | { kind: 'asset' }
  /** Issue 26: a guestbook voice note (as sent, or its AAC rendition), read as its message is. */
  | {
      kind: 'message';
      messageId: string;
      eventId: string;
      organiserId: string;
      /** Issue 27: the event's team members who may view it (read like the owner). */
      teamIds: string[];
      /** Neither hidden nor pending. */
      published: boolean;
      rules: EventRules;
      pin: string | null;
      wallTokenHash: string | null;
    }
  | {
      kind: 'photo';
      photoId: string;
      eventId: string;
      organiserId: string;
      /** Issue 27: the event's team members who may view its photos (read like the owner). */
      teamIds: string[];
      /** The original (guests get its copy without location), or a rendition. */
      file: 'original' | 'rendition';
      /** Issue 29: the key asked for is a guest's preview since replaced; this grid copy is sent in its place. */
      replacement?: string;
      fileType: 'image' | 'video';
      /** The guests' copy of the original; null until made. */
      guestPath: string | null;
      /** Album public, photo neither hidden nor pending. */
      published: boolean;
      rules: EventRules;
      pin: string | null;
      wallTokenHash: string | null;
      guestDownloads: boolean;
    };

const ASSET_NAME = /^events\/[A-Za-z0-9_-]+\/(image-[0-9a-f]{16}(-card(-w\d{3,4})?)?\.[a-z0-9]{2,5}|qrcode-[0-9a-f]{16}\.png)$/;
const PHOTO_NAME = /^events\/[A-Za-z0-9_-]+\/albums\/[A-Za-z0-9_-]+\/(pho_[0-9a-f-]{36})(-[a-z0-9]+){0,2}\.[a-z0-9]{2,5}$/;

/** The photo whose files include this key, per the key's name (`<id>-grid.webp`, issue 29's `<id>-preview-<hex>.webp`). */
export const photoIdOfKey = (key: string): string | null => PHOTO_NAME.exec(key)?.[1] ?? null;

const MESSAGE_NAME = /^events\/[A-Za-z0-9_-]+\/messages\/(msg_[0-9a-f-]{36})(-aac)?\.[a-z0-9]{2,5}$/;

/** Whether the key names an event's image, card or QR code (files open to anyone). */
export const isAssetKey = (key: string): boolean => ASSET_NAME.test(key);

/** The guestbook message whose files include this key, per the key's name. */
export const messageIdOfKey = (key: string): string | null => MESSAGE_NAME.exec(key)?.[1] ?? null;


export const originalRefusedMessage = 'O organizador não liberou o download das fotos originais.';

/** Who asks: the organiser of a valid token (header), and what the URL carries. */
export interface FileReader {
  organiserId: string | null;
  signature: FileSignature;
  /** `/api/files/download` (an attachment) rather than `/api/files`. */
  download: boolean;
}

/** What the file route does: which stored file it sends, as whom, and how it may be cached. */
export interface FileDecision {
  reader: 'anyone' | 'owner' | 'wall' | 'guest';
  /** Send the guests' copy of the original instead of the key asked for. */
  guestCopy: boolean;
  cacheControl: string;
}

const PRIVATE = 'private, max-age=30';
/** Openly public photos: shared caches may keep them, but only briefly (a change is seen within a minute). */
const PUBLIC_PHOTO = 'public, max-age=30';

/**
 * Decides a request for a stored file: the decision, or a JSON error (404 for a photo a guest may
 * not know of, 403 for a closed gallery, a missing PIN or an original the organiser keeps).
 */
export function decideFileAccess(subject: FileSubject | null, key: string, reader: FileReader, secret: string, now = Date.now()): FileDecision {
  if (!subject) throw notFound(messages.fileNotFound);
  if (subject.kind === 'asset') return { reader: 'anyone', guestCopy: false, cacheControl: '' };
  const signed = (grant: FileGrant) => signatureHolds(secret, key, grant, reader.signature, now);
  // The owner, or a member of the event's team (issue 27), by token or by a URL signed for them.
  const team = [subject.organiserId, ...subject.teamIds];
  if ((reader.organiserId !== null && team.includes(reader.organiserId)) || team.some((organiserId) => signed({ scope: 'o', organiserId }))) {
    return { reader: 'owner', guestCopy: false, cacheControl: PRIVATE };
  }
  const wall = subject.wallTokenHash !== null && signed({ scope: 'w', wallTokenHash: subject.wallTokenHash });
  if (!wall && subject.pin !== null && !signed({ scope: 'g', pin: subject.pin })) throw new HttpError(403, pinRequiredMessage);
  assertGalleryOpen(subject.rules);
  if (!subject.published) throw notFound(messages.fileNotFound);
  if (subject.kind === 'message') return { reader: wall ? 'wall' : 'guest', guestCopy: false, cacheControl: !wall && subject.pin === null ? PUBLIC_PHOTO : PRIVATE };
  if (subject.file === 'original' && !subject.guestDownloads && (reader.download || subject.fileType === 'image')) {
    throw new HttpError(403, originalRefusedMessage);
  }
  const open = !wall && subject.pin === null;
  return { reader: wall ? 'wall' : 'guest', guestCopy: subject.file === 'original', cacheControl: open ? PUBLIC_PHOTO : PRIVATE };
}

/** Whether a photo's files are open to anyone right now (what a painted page or a preview may show). */
export const openlyPublic = (subject: FileSubject) =>
  subject.kind === 'asset' || (subject.kind === 'photo' && subject.published && subject.pin === null && galleryOpen(subject.rules));
