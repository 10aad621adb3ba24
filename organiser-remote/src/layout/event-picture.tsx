import type { ImgHTMLAttributes } from 'react';
import { resolveApiUrl, type EventItem } from '@momentos/api-client';
import './event-picture.css';

interface EventPictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> {
  event: Pick<EventItem, 'image' | 'image_card' | 'image_avif_srcset'>;
  /** The picture's width on screen (the `sizes` its AVIF copies are chosen by). */
  sizes: string;
}

/**
 * An event's image at a thumbnail's size (issue 29): its AVIF copies where the browser takes them
 * (about 10 KB), else its JPEG card (about 75 KB), never the original a phone took (megabytes). Nothing
 * without an image.
 */
export function EventPicture({ event, sizes, alt, ...image }: EventPictureProps) {
  const src = event.image_card ?? event.image;
  if (!src) return null;
  return (
    <picture className="event-picture">
      {event.image_avif_srcset ? <source type="image/avif" srcSet={event.image_avif_srcset} sizes={sizes} /> : null}
      <img {...image} alt={alt} src={resolveApiUrl(src)} />
    </picture>
  );
}
