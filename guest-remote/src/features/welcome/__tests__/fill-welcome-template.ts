import fs from 'node:fs';
import path from 'node:path';
import { WELCOME_IMAGE_SIZES } from '@momentos/app-manifest/dist/welcome-image';
import { fillTemplate, splitPaintTemplate } from '@momentos/app-manifest/dist/paint-template';

/**
 * The body of first-paint/welcome.html filled the way the server fills it (api-server's
 * domain/first-paint.ts, eventView), then normalised as the browser parses it, to compare with what
 * React renders.
 */
export function fillWelcomeTemplate(event: { name: string; date: string; image: string | null; code: string | null; image_avif_srcset?: string }): string {
  const template = splitPaintTemplate(fs.readFileSync(path.join(__dirname, '..', 'first-paint', 'welcome.html'), 'utf8'))!;
  const filled = fillTemplate(template.body, {
    values: {
      name: event.name,
      date: event.date.replace(/^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})$/, '$3/$2/$1 $4'),
      date_iso: event.date.replace(' ', 'T'),
      image: event.image ?? '',
      avif_srcset: event.image_avif_srcset ?? '',
      image_sizes: WELCOME_IMAGE_SIZES,
    },
    sections: { image: !!event.image, avif: !!event.image && !!event.image_avif_srcset, date: !!event.date, code: !!event.code },
  });
  const holder = document.createElement('div');
  holder.innerHTML = filled;
  return holder.innerHTML;
}
