import type { EventRow } from '../db/schema';
import { HttpError } from '../errors';
import { normaliseEventDate } from './events';

export type Visibility = 'open' | 'upload_only' | 'reveal';

/** The event's rules as stored (issue 12). */
export type EventRules = Pick<EventRow, 'visibility' | 'reveal_at' | 'uploads_close_at'>;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Now as 'YYYY-MM-DD HH:mm' in the server's time zone (TZ): the organiser's dates carry no zone and
 * are read as the event's own date is, on the clock of the place the server runs for.
 */
export function localNow(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

const shown = (stored: string) => {
  const [date, time] = stored.split(' ');
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${time}`;
};

export const uploadsClosedMessage = 'O envio de fotos para este evento foi encerrado.';
export const galleryClosedMessage = 'As fotos serão reveladas pelos anfitriões.';
export const revealMessage = (at: string) => `As fotos serão reveladas em ${shown(at)}`;

/** Whether guests may see the event's galleries now. */
export function galleryOpen(rules: EventRules, now = localNow()): boolean {
  if (rules.visibility === 'upload_only') return false;
  if (rules.visibility === 'reveal') return rules.reveal_at !== null && rules.reveal_at <= now;
  return true;
}

/** Refuses a guest's read of a closed gallery: 403 with what the gallery screen shows. */
export function assertGalleryOpen(rules: EventRules, now = localNow()): void {
  if (galleryOpen(rules, now)) return;
  throw new HttpError(403, rules.visibility === 'reveal' && rules.reveal_at ? revealMessage(rules.reveal_at) : galleryClosedMessage);
}

export const uploadsClosed = (rules: EventRules, now = localNow()) => rules.uploads_close_at !== null && rules.uploads_close_at <= now;

export function assertUploadsOpen(rules: EventRules, now = localNow()): void {
  if (uploadsClosed(rules, now)) throw new HttpError(403, uploadsClosedMessage);
}

/**
 * The rules as the organiser's form sent them, checked: a date must be a real one ('' clears it), and
 * 'reveal' needs its date. Fields not sent keep their stored value.
 */
export function readEventRules(
  sent: { visibility?: string; reveal_at?: string; uploads_close_at?: string },
  current: EventRules,
): EventRules {
  const date = (field: 'reveal_at' | 'uploads_close_at') => {
    const value = sent[field];
    if (value === undefined) return current[field];
    if (value.trim() === '') return null;
    const normal = normaliseEventDate(value);
    if (!normal) throw new HttpError(400, `O campo '${field}' não é uma data válida (use AAAA-MM-DD HH:mm).`);
    return normal;
  };
  const rules: EventRules = {
    visibility: (sent.visibility as Visibility | undefined) ?? current.visibility,
    reveal_at: date('reveal_at'),
    uploads_close_at: date('uploads_close_at'),
  };
  if (rules.visibility === 'reveal' && !rules.reveal_at) throw new HttpError(400, "O campo 'reveal_at' é obrigatório para revelar as fotos em uma data.");
  return rules;
}

export const defaultRules: EventRules = { visibility: 'open', reveal_at: null, uploads_close_at: null };
