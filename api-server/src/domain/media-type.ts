export type MediaKind = 'image' | 'video';

export interface MediaType {
  kind: MediaKind;
  ext: string;
  mime: string;
}

/** Bytes needed to judge a file's type. */
export const SNIFF_BYTES = 256;

const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'mif2'];
const AVIF_BRANDS = ['avif', 'avis'];

/** The ISO-BMFF (ftyp) major and compatible brands, or null when the bytes are not an ftyp box. */
function ftypBrands(bytes: Buffer): string[] | null {
  if (bytes.length < 12 || bytes.toString('latin1', 4, 8) !== 'ftyp') return null;
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [bytes.toString('latin1', 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(bytes.toString('latin1', offset, offset + 4));
  return brands;
}

/**
 * The type of an uploaded file judged by its first bytes (magic numbers), never by its name or the
 * Content-Type the client sent. Null when it is neither a supported image nor a video.
 */
export function detectMediaType(bytes: Buffer): MediaType | null {
  const head = bytes.toString('latin1', 0, Math.min(bytes.length, 16));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { kind: 'image', ext: 'jpg', mime: 'image/jpeg' };
  if (head.startsWith('\x89PNG\r\n\x1a\n')) return { kind: 'image', ext: 'png', mime: 'image/png' };
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return { kind: 'image', ext: 'gif', mime: 'image/gif' };
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return { kind: 'image', ext: 'webp', mime: 'image/webp' };
  if (head.startsWith('II*\x00') || head.startsWith('MM\x00*')) return { kind: 'image', ext: 'tiff', mime: 'image/tiff' };
  if (head.startsWith('BM') && bytes.length >= 26) return { kind: 'image', ext: 'bmp', mime: 'image/bmp' };

  const brands = ftypBrands(bytes);
  if (brands) {
    const [major] = brands;
    if (AVIF_BRANDS.includes(major) || (['mif1', 'msf1'].includes(major) && brands.some((b) => AVIF_BRANDS.includes(b))))
      return { kind: 'image', ext: 'avif', mime: 'image/avif' };
    if (HEIF_BRANDS.includes(major)) return { kind: 'image', ext: 'heic', mime: 'image/heic' };
    if (major === 'qt  ') return { kind: 'video', ext: 'mov', mime: 'video/quicktime' };
    if (major.startsWith('3g')) return { kind: 'video', ext: '3gp', mime: 'video/3gpp' };
    if (major === 'M4V ' || major === 'M4VH' || major === 'M4VP') return { kind: 'video', ext: 'm4v', mime: 'video/x-m4v' };
    // isom, iso2…iso6, mp41, mp42, avc1, dash, MSNV, and the many vendor brands of phone cameras.
    if (!major.startsWith('M4A') && !major.startsWith('M4B')) return { kind: 'video', ext: 'mp4', mime: 'video/mp4' };
    return null;
  }
  // Matroska / WebM (EBML header).
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return { kind: 'video', ext: 'webm', mime: 'video/webm' };
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'AVI ') return { kind: 'video', ext: 'avi', mime: 'video/x-msvideo' };
  // MPEG program stream / MPEG-TS.
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x000001ba) return { kind: 'video', ext: 'mpg', mime: 'video/mpeg' };
  if (bytes.length >= 189 && bytes[0] === 0x47 && bytes[188] === 0x47) return { kind: 'video', ext: 'ts', mime: 'video/mp2t' };
  return null;
}

const DECLARED: Record<string, MediaType> = Object.fromEntries(
  (
    [
      ['image/jpeg', 'image', 'jpg'],
      ['image/png', 'image', 'png'],
      ['image/gif', 'image', 'gif'],
      ['image/webp', 'image', 'webp'],
      ['image/tiff', 'image', 'tiff'],
      ['image/bmp', 'image', 'bmp'],
      ['image/avif', 'image', 'avif'],
      ['image/heic', 'image', 'heic'],
      ['image/heif', 'image', 'heic'],
      ['video/quicktime', 'video', 'mov'],
      ['video/3gpp', 'video', '3gp'],
      ['video/x-m4v', 'video', 'm4v'],
      ['video/mp4', 'video', 'mp4'],
      ['video/webm', 'video', 'webm'],
      ['video/x-msvideo', 'video', 'avi'],
      ['video/mpeg', 'video', 'mpg'],
      ['video/mp2t', 'video', 'ts'],
    ] as const
  ).map(([mime, kind, ext]) => [mime, { kind, ext, mime: mime === 'image/heif' ? 'image/heic' : mime }]),
);

/**
 * Issue 24: the type a client declares (a chunk session's `fileType`) as `detectMediaType` would name
 * it, to choose the photo's key before its bytes come; null when unknown. Only a hint: the bytes decide.
 */
export const declaredMediaType = (mime: string): MediaType | null => DECLARED[mime.trim().toLowerCase()] ?? null;
