import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

// Issue 22: real files with a location, made by the tools a phone's files would be read with:
// exiftool (Debian's libimage-exiftool-perl) writes the metadata, ffmpeg and heif-enc the media.

export const HEIF_ENC = ['/usr/bin/heif-enc', '/usr/local/bin/heif-enc'].find((candidate) => fs.existsSync(candidate));

const exiftool = (args: string[]) => execFileSync('exiftool', args, { encoding: 'utf8' });

/** Every tag of a file, as `Group:Tag` → value (`-a -G1`, with embedded metadata `-ee`). */
export function tagsOf(bytes: Buffer, ext: string): Record<string, unknown> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-tags-'));
  try {
    const file = path.join(dir, `file.${ext}`);
    fs.writeFileSync(file, bytes);
    return (JSON.parse(exiftool(['-j', '-a', '-G1', '-ee', '-n', file])) as Array<Record<string, unknown>>)[0];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The tags of a file that say where it was taken. */
export const locationTagsOf = (bytes: Buffer, ext: string) =>
  Object.keys(tagsOf(bytes, ext)).filter((name) => /gps|location|xyz|city|country|sub-?location|province|state$/i.test(name));

function inTemp(make: (dir: string) => string): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-fixture-'));
  try {
    return fs.readFileSync(make(dir));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const GPS_AND_DATE = [
  '-GPSLatitude=23.5505',
  '-GPSLatitudeRef=S',
  '-GPSLongitude=46.6333',
  '-GPSLongitudeRef=W',
  '-XMP-exif:GPSLatitude=23.5505 S',
  '-XMP-exif:GPSLongitude=46.6333 W',
  '-XMP-iptcExt:LocationShownCity=São Paulo',
  '-XMP-photoshop:City=São Paulo',
  '-DateTimeOriginal=2024:05:01 21:30:00',
  '-Orientation#=6',
];

/** A JPEG as a phone writes it: EXIF GPS, XMP location, capture date, orientation 6 (rotate 90° CW). */
export async function jpegWithLocation(colour = '#336699'): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).jpeg().toBuffer();
  return inTemp((dir) => {
    const file = path.join(dir, 'IMG_0001.jpg');
    fs.writeFileSync(file, jpeg);
    exiftool(['-q', '-overwrite_original', ...GPS_AND_DATE, file]);
    return file;
  });
}

/** A HEIC (heif-enc) with the same metadata. */
export async function heicWithLocation(): Promise<Buffer> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#16a34a' } }).png().toBuffer();
  return inTemp((dir) => {
    fs.writeFileSync(path.join(dir, 'in.png'), png);
    const file = path.join(dir, 'IMG_0002.HEIC');
    execFileSync(HEIF_ENC!, ['-q', '50', '-o', file, path.join(dir, 'in.png')], { stdio: 'ignore' });
    exiftool(['-q', '-overwrite_original', ...GPS_AND_DATE, file]);
    return file;
  });
}

/**
 * An iPhone-style `.mov`: QuickTime `©xyz` (ffmpeg's `location`), the Keys
 * `com.apple.quicktime.location.ISO6709` and `com.apple.quicktime.creationdate` (exiftool).
 */
export function movWithLocation(): Buffer {
  return inTemp((dir) => {
    const file = path.join(dir, 'IMG_0003.MOV');
    execFileSync('ffmpeg', [
      '-loglevel', 'error', '-nostdin', '-y',
      '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10', '-t', '1.5',
      '-c:v', 'libx264', '-pix_fmt', 'yuv420p',
      '-metadata', 'location=+48.8577+002.2950/',
      '-metadata', 'creation_time=2024-05-01T21:30:00Z',
      '-f', 'mov', file,
    ]);
    exiftool(['-q', '-overwrite_original', '-Keys:GPSCoordinates=48.8577, 2.295, 35', '-Keys:CreationDate=2024:05:01 18:30:00-03:00', file]);
    return file;
  });
}
