import sharp from './in-process-sharp';
import { detectImageType } from '../../domain/image-type';
import type { PreviewHeader } from '../../domain/photo-preview';

/**
 * Issue 29: a guest's preview of a photo as its header declares it: a JPEG or a still WebP, by its
 * first bytes, then sharp's reading of the header alone (no pixels decoded, on the server's thread
 * pool: the decoders' processes are for the media queue). Null for anything else, a header sharp
 * cannot read, or one with metadata.
 */
export async function readPreviewHeader(bytes: Buffer): Promise<PreviewHeader | null> {
  const detected = detectImageType(bytes);
  if (detected?.mime !== 'image/webp' && detected?.mime !== 'image/jpeg') return null;
  try {
    const metadata = await sharp(bytes).metadata();
    const format = metadata.format === 'webp' ? 'image/webp' : metadata.format === 'jpeg' ? 'image/jpeg' : null;
    if (format !== detected.mime || !metadata.width || !metadata.height || (metadata.pages ?? 1) > 1) return null;
    // A canvas writes no metadata: a preview carrying EXIF, XMP or IPTC (a location, an orientation
    // that would turn it on screens) is not one the guest's queue made.
    if (metadata.exif || metadata.xmp || metadata.iptc) return null;
    return { type: format, width: metadata.width, height: metadata.height };
  } catch {
    return null;
  }
}
