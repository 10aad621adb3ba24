import type { EventItem } from '@momentos/api-client';
import { texts } from '../../texts';

/** Issue 25: the form's 'Duração máxima dos vídeos' (seconds) from the event; empty: the server's default. */
export const videoMaxOf = (event: EventItem | null): string => (event?.video_max_seconds ? String(event.video_max_seconds) : '');

/** Empty, or whole seconds from 1 to 86400; else the field's error. */
export function videoMaxError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^\d{1,5}$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= 86_400 ? null : texts.eventForm.videoMaxInvalid;
}
