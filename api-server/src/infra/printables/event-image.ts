import sharp from '../media/in-process-sharp';
import type { EventRow } from '../../db/schema';
import type { Storage } from '../storage';

/**
 * The event's image for the printed cards: its 1200×630 card (the original while the card is not
 * made), as JPEG. A missing or unreadable image leaves the cards without one rather than failing.
 */
export async function kitEventImage(storage: Storage, event: Pick<EventRow, 'image_path' | 'image_card_path'>, warn: (error: unknown) => void): Promise<Buffer | null> {
  const key = event.image_card_path ?? event.image_path;
  if (!key) return null;
  try {
    const stored = await storage.get(key);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    return await sharp(Buffer.concat(chunks)).rotate().resize(1200, 630, { fit: 'cover' }).flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
  } catch (error) {
    warn(error);
    return null;
  }
}
