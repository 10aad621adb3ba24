import type { EventItem } from '@momentos/api-client';
import { formatText } from '@momentos/design-kit';
import { texts } from '../../texts';

const pad = (value: number) => String(value).padStart(2, '0');

/** A stored date 'YYYY-MM-DD HH:mm' in the comparison format of spec §9: 'YYYY-MM-DDTHH:mm'. */
export function toComparable(date: string): string {
  return date.trim().replace(' ', 'T').slice(0, 16);
}

/** The current moment (local time) in the comparison format. */
export function comparableNow(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/** Spec §4 event classification: before the current moment is finished, otherwise upcoming. */
export function isFinished(event: Pick<EventItem, 'date'>, now: Date = new Date()): boolean {
  return toComparable(event.date) < comparableNow(now);
}

/** The two counters of the event list, computed on load. */
export function countEvents(events: Pick<EventItem, 'date'>[], now: Date = new Date()) {
  const finished = events.filter((event) => isFinished(event, now)).length;
  return { upcoming: events.length - finished, finished };
}

/** The list's date format (spec §9): DD/MM/YYYY HH:mm. */
export function formatListDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(date.trim());
  if (!match) return date;
  const [, year, month, day, hour, minute] = match;
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/**
 * A count as pt-BR writes it ('1.280'). Below a thousand it is the plain digits, without Intl: a page's
 * first Intl call loads the locale's data, ≈ 25 ms of a phone's main thread while the list first
 * renders (issue 29).
 */
const formatCount = (n: number) => (Number.isInteger(n) && Math.abs(n) < 1000 ? String(n) : n.toLocaleString('pt-BR'));

/** The row's counts (issue 11): '128 fotos · 9 vídeos · 23 convidados', zeros left out, singulars kept. */
export function countsLine(event: Pick<EventItem, 'photo_count' | 'video_count' | 'guest_count'>): string {
  const t = texts.eventList;
  const part = (n: number | undefined, one: string, many: string) => (!n ? null : n === 1 ? one : formatText(many, { n: formatCount(n) }));
  const parts = [part(event.photo_count, t.onePhoto, t.photoCount), part(event.video_count, t.oneVideo, t.videoCount), part(event.guest_count, t.oneGuest, t.guestCount)];
  const shown = parts.filter((text): text is string => text !== null);
  return shown.length > 0 ? shown.join(' · ') : t.noPhotos;
}
