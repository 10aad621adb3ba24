// Issue 29 item 7: the guest's phone makes a photo's first small copy. In a burst the server's first
// copies wait for its CPU behind a hundred others; the phone has the photo in hand, and its preview
// (640 px, WebP, or JPEG where the canvas makes no WebP) puts the photo on every wall and gallery as
// soon as it arrives. The server's own copies replace it. Best effort: a browser that cannot decode
// the file (HEIC outside Safari) or make the copy sends nothing, and the server's copies come as before.
import { PHOTO_PREVIEW_EDGE, PHOTO_PREVIEW_MAX_BYTES } from '@momentos/app-manifest/dist/photo-preview';
import { sendPhotoPreview } from '../calls/photos';

type PreviewCanvas = OffscreenCanvas | HTMLCanvasElement;

function canvasOf(width: number, height: number): PreviewCanvas | null {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  if (typeof document === 'undefined') return null;
  return Object.assign(document.createElement('canvas'), { width, height });
}

/** The canvas's pixels in `type`, or null when the browser makes another type instead (Safari's PNG for WebP). */
async function encode(canvas: PreviewCanvas, type: 'image/webp' | 'image/jpeg', quality: number): Promise<Blob | null> {
  const blob =
    'convertToBlob' in canvas
      ? await canvas.convertToBlob({ type, quality })
      : await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  return blob?.type === type ? blob : null;
}

/**
 * A photo's preview: upright (the file's orientation applied), at most PHOTO_PREVIEW_EDGE px on its
 * long edge, without metadata (a canvas writes none: no location leaves this way). Null when it
 * cannot be made.
 */
export async function makePhotoPreview(file: Blob): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const scale = Math.min(1, PHOTO_PREVIEW_EDGE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = canvasOf(width, height);
    const context = canvas?.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null | undefined;
    if (!canvas || !context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const preview = (await encode(canvas, 'image/webp', 0.8)) ?? (await encode(canvas, 'image/jpeg', 0.8));
    return preview && preview.size <= PHOTO_PREVIEW_MAX_BYTES ? preview : null;
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}

let previews: Promise<void> = Promise.resolve();

/**
 * Makes and sends a stored photo's preview, one photo at a time (a batch of ten answers at once, and
 * ten decoded 12-MP photos at once would be 500 MB of a phone's memory). Never throws; a refusal
 * (409: the server's copies came first) changes nothing.
 */
export function sendPreviewInBackground(photoId: string, deleteKey: string, file: Blob): void {
  previews = previews.then(async () => {
    const preview = await makePhotoPreview(file);
    if (preview) await sendPhotoPreview(photoId, deleteKey, preview);
  }).catch(() => undefined);
}
