import sharp from 'sharp';
import { detectImageType } from '../../domain/image-type';

/** What a guest's preview says of itself. */
export interface PreviewHeader {
  type: 'image/webp' | 'image/jpeg';
  width: number;
  height: number;
}

/**
 * Issue 29: a guest's preview of a photo as its header declares it: a JPEG or a still WebP, by its
 * first bytes, then sharp's reading of the header alone (no pixels decoded, on the server's thread
 * pool: the decoders' processes are for the media queue). Null for anything else, or a header sharp
 * cannot read.
 */
export async function readPreviewHeader(bytes: Buffer): Promise<PreviewHeader | null> {
  const detected = detectImageType(bytes);
  if (detected?.mime !== 'image/webp' && detected?.mime !== 'image/jpeg') return null;
  try {
    const metadata = await sharp(bytes).metadata();
    const format = metadata.format === 'webp' ? 'image/webp' : metadata.format === 'jpeg' ? 'image/jpeg' : null;
    if (format !== detected.mime || !metadata.width || !metadata.height || (metadata.pages ?? 1) > 1) return null;
    // A header's orientation would turn the copy on screens: the phone draws its preview upright.
    if ((metadata.orientation ?? 1) !== 1) return null;
    return { type: format, width: metadata.width, height: metadata.height };
  } catch {
    return null;
  }
}
