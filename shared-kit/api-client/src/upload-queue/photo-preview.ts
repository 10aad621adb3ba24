// Issue 29 item 7: the guest's phone makes a photo's first small copy. In a burst the server's first
// copies wait for its CPU behind a hundred others; the phone has the photo in hand, and its preview
// (640 px, WebP, or JPEG where the canvas makes no WebP), sent with the photo, puts it on every wall
// and gallery as soon as it is stored. The server's own copies replace it. Best effort: a browser
// that cannot decode the file (HEIC outside Safari) or make the copy sends none, and the server's
// copies come as before.
import { PHOTO_PREVIEW_EDGE, PHOTO_PREVIEW_MAX_BYTES } from '@momentos/app-manifest/dist/photo-preview';

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

interface Slot {
  file: Blob;
  made?: Promise<Blob | null>;
  /** Set once made: the preview, or null when it cannot be made. */
  ready?: Blob | null;
}

/**
 * The previews of the queue's photos, made ahead on this device one at a time (ten decoded 12-MP
 * photos at once would be 500 MB of a phone's memory), at most `ahead` of them in hand. A request
 * takes along those made by then and never waits for one; a photo stored without its preview gets it
 * sent after the answer (`take`).
 */
export class PreviewShelf {
  private readonly slots = new Map<string, Slot>();
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly make: (file: Blob) => Promise<Blob | null> = makePhotoPreview,
    private readonly ahead = 10,
  ) {}

  /** A photo whose preview is wanted, in the order the queue sends them. */
  want(id: string, file: Blob): void {
    if (this.slots.has(id) || !file.type.startsWith('image/')) return;
    this.slots.set(id, { file });
    this.fill();
  }

  /** The preview if it is made by now. */
  ready(id: string): Blob | undefined {
    return this.slots.get(id)?.ready ?? undefined;
  }

  /** The photo is stored without its preview: the preview, made now if it was not yet. */
  async take(id: string): Promise<Blob | null> {
    const slot = this.slots.get(id);
    if (!slot) return null;
    const made = slot.made ?? this.queue(slot);
    this.drop(id);
    return made;
  }

  /** No preview is wanted any more (stored with it, a duplicate, taken out of the queue). */
  drop(id: string): void {
    if (this.slots.delete(id)) this.fill();
  }

  private fill(): void {
    let started = 0;
    for (const slot of this.slots.values()) {
      if (started >= this.ahead) return;
      started += 1;
      slot.made ??= this.queue(slot);
    }
  }

  private queue(slot: Slot): Promise<Blob | null> {
    const made = this.chain.then(() => this.make(slot.file)).catch(() => null);
    this.chain = made;
    slot.made = made;
    void made.then((preview) => {
      slot.ready = preview;
    });
    return made;
  }
}
