// Issue 29: the welcome's image on a slow phone link. The card (1200×630 JPEG, what link-preview robots
// read) is 75 KB for a phone photo; the welcome offers AVIF copies of the same crop beside it, 720 and
// 1080 px wide (about 10 and 17 KB at the same SSIM: bench/welcome-image-quality.mjs), which a phone
// takes through the image's srcset. Made once per event image, with the card: AVIF costs seconds of
// CPU where WebP costs a tenth of it, and that is paid once per event, not per photo.
import { buffer } from 'node:stream/consumers';
import sharp from './in-process-sharp';
import { WELCOME_IMAGE_WIDTHS } from '@momentos/app-manifest/dist/welcome-image';
import { EVENT_CARD } from './thumbnails';
import { fileUrl } from '../../domain/files';
import { welcomeImageKeyOf } from '../../domain/welcome-image';
import type { Storage } from '../storage';

/** AVIF quality and effort of the welcome's copies (bench/welcome-image-quality.mjs). */
const WELCOME_AVIF = { quality: 50, effort: 4 } as const;

/** The welcome copies of an event image (the card's crop, EXIF orientation applied), widest last. */
export async function makeWelcomeImages(input: Buffer, maxInputPixels: number): Promise<{ width: number; bytes: Buffer }[]> {
  return Promise.all(
    WELCOME_IMAGE_WIDTHS.map(async (width) => ({
      width,
      bytes: await sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error' })
        .rotate()
        .resize(width, Math.round((width * EVENT_CARD.height) / EVENT_CARD.width), { fit: 'cover', position: 'attention' })
        .avif(WELCOME_AVIF)
        .toBuffer(),
    })),
  );
}

/** Makes and stores the welcome copies beside the card; false (logged) when the bytes cannot be made into them. */
export async function storeWelcomeImages(
  deps: { storage: Storage; maxInputPixels: number; log?: { warn: (details: object, message: string) => void } },
  cardKey: string,
  input: Buffer,
): Promise<boolean> {
  let images: { width: number; bytes: Buffer }[];
  try {
    images = await makeWelcomeImages(input, deps.maxInputPixels);
  } catch (error) {
    deps.log?.warn({ err: error, cardKey }, 'could not make the welcome images');
    return false;
  }
  await Promise.all(images.map(({ width, bytes }) => deps.storage.put(welcomeImageKeyOf(cardKey, width), bytes, 'image/avif')));
  return true;
}

/** Whether a card's welcome copies are stored: a card's copies never change (its key is new with each image). */
const known = new Map<string, { present: boolean; at: number }>();
/** A card found without copies is asked again after this (a start's backfill, another instance). */
const ABSENT_FOR_MS = 60_000;
const MAX_KNOWN = 5000;

/**
 * The `srcset` of a card's welcome copies, or undefined when they are not stored (a card made before
 * them, or a picture they could not be made of). The answer is remembered: a painted welcome costs no
 * storage request after the first.
 */
export async function welcomeImageSrcset(storage: Storage, cardKey: string | null): Promise<string | undefined> {
  if (!cardKey || !/-card\.jpg$/.test(cardKey)) return undefined;
  const seen = known.get(cardKey);
  let present = seen?.present;
  if (!seen || (!seen.present && Date.now() - seen.at > ABSENT_FOR_MS)) {
    const heads = await Promise.all(WELCOME_IMAGE_WIDTHS.map((width) => storage.head(welcomeImageKeyOf(cardKey, width))));
    present = heads.every(Boolean);
    if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value!);
    known.set(cardKey, { present, at: Date.now() });
  }
  return present ? WELCOME_IMAGE_WIDTHS.map((width) => `${fileUrl(welcomeImageKeyOf(cardKey, width))} ${width}w`).join(', ') : undefined;
}

/**
 * Largest welcome copy a painted page carries in itself. The widest copy of a phone photo is about
 * 17 KB; a copy far larger would hold the page's text back longer than the round trip it saves.
 */
const MAX_INLINE_BYTES = 40 * 1024;
/** The widest copies read so far (data URIs; null: too large), least recently used first. */
const inlined = new Map<string, string | null>();
const MAX_INLINED = 256;

/**
 * The widest welcome copy of a card as a `data:` URI, for the painted welcome to carry in the page
 * itself (issue 29): on a slow phone link the image then arrives with the page instead of a round trip
 * later (562.5 ms on Slow 4G). Undefined when the copy is not stored or is over MAX_INLINE_BYTES.
 * Remembered like the srcset: a card's copies never change.
 */
export async function welcomeImageInline(storage: Storage, cardKey: string | null): Promise<string | undefined> {
  if (!cardKey || !/-card\.jpg$/.test(cardKey)) return undefined;
  let uri = inlined.get(cardKey);
  if (uri === undefined) {
    uri = await readInline(storage, welcomeImageKeyOf(cardKey, WELCOME_IMAGE_WIDTHS[WELCOME_IMAGE_WIDTHS.length - 1]));
    // A copy not stored yet (a race with its making) is asked again next time.
    if (uri === undefined) return undefined;
    if (inlined.size >= MAX_INLINED) inlined.delete(inlined.keys().next().value!);
  } else {
    inlined.delete(cardKey);
  }
  inlined.set(cardKey, uri);
  return uri ?? undefined;
}

async function readInline(storage: Storage, key: string): Promise<string | null | undefined> {
  const file = await storage.get(key);
  if (!file) return undefined;
  if (file.size > MAX_INLINE_BYTES) {
    file.body.destroy();
    return null;
  }
  return `data:image/avif;base64,${(await buffer(file.body)).toString('base64')}`;
}
