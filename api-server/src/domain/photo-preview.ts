import { randomBytes } from 'node:crypto';
import { PHOTO_PREVIEW_EDGE, type PHOTO_PREVIEW_TYPES } from '@momentos/app-manifest/dist/photo-preview';
import type { PhotoRow } from '../db/schema';

// Issue 29 item 7: the guest's preview of a photo, made on the phone (api-client's photo-preview.ts),
// shown as the photo's grid copies until the server's own are made (services/media/media-job.ts).

export type PreviewType = (typeof PHOTO_PREVIEW_TYPES)[number];

/** What a preview's header says of it (infra/media/preview-header.ts). */
export interface PreviewHeader {
  type: PreviewType;
  width: number;
  height: number;
}

/** Whether the header is one the screens may show as a photo's grid copies. */
export function previewFits(header: PreviewHeader | null): header is PreviewHeader {
  return header !== null && Math.max(header.width, header.height) <= PHOTO_PREVIEW_EDGE;
}

const previewPrefixOf = (originalKey: string) => `${originalKey.replace(/\.[A-Za-z0-9]+$/, '')}-preview-`;

/**
 * A new key for a guest's preview of a photo, `<id>-preview-<8 hex>.webp` (or `.jpg`): two previews
 * sent at once never share a file, so the one refused never removes the one shown.
 */
export function previewKeyOf(originalKey: string, type: PreviewType): string {
  return `${previewPrefixOf(originalKey)}${randomBytes(4).toString('hex')}.${type === 'image/webp' ? 'webp' : 'jpg'}`;
}

/**
 * The photo shows the guest's preview as its grid copies: not processing any more for the lists, but
 * its first copies' job has still to make the server's own.
 */
export function showsPreview(photo: Pick<PhotoRow, 'original_path' | 'compressed_path'>): boolean {
  return photo.compressed_path !== null && isPreviewKeyOf(photo.compressed_path, photo.original_path);
}

/** Whether the key is named as a guest's preview of some photo (`…-preview-<8 hex>.webp|jpg`). */
export const isPreviewName = (key: string): boolean => /-preview-[0-9a-f]{8}\.(webp|jpg)$/.test(key);

/** Whether the key names a guest's preview of the photo stored under `originalKey` (shown, refused or replaced). */
export const isPreviewKeyOf = (key: string, originalKey: string): boolean => key.startsWith(previewPrefixOf(originalKey));
