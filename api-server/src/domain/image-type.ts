export interface ImageType {
  ext: string;
  mime: string;
}

/** The image type judged by the file's first bytes, or null when it is not a supported image. */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { ext: 'jpg', mime: 'image/jpeg' };
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { ext: 'png', mime: 'image/png' };
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return { ext: 'gif', mime: 'image/gif' };
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return { ext: 'webp', mime: 'image/webp' };
  if (head.slice(4, 8) === 'ftyp') {
    const brand = head.slice(8, 12);
    if (brand === 'avif' || brand === 'avis') return { ext: 'avif', mime: 'image/avif' };
    if (['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return { ext: 'heic', mime: 'image/heic' };
  }
  return null;
}
