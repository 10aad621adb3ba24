import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { apiKeys, dataOf, getPublicEvent } from '@momentos/api-client';
import { EmptyState, formatText } from '@momentos/design-kit';
import { texts } from '../../texts';

/** 'YYYY-MM-DD HH:mm' in the device's time zone (the event's date is naive, read locally). */
const momentOf = (stored: string) => new Date(stored.replace(' ', 'T')).getTime();

/** 'Faltam 2 dias, 3 h e 5 min' until the reveal; null once it has passed. */
export function countdown(revealAt: string, now: number): string | null {
  const left = momentOf(revealAt) - now;
  if (!(left > 0)) return null;
  const minutes = Math.ceil(left / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return formatText(texts.countdownDays, { d: days, h: hours, m: rest });
  if (hours > 0) return formatText(texts.countdownHours, { h: hours, m: rest });
  return formatText(texts.countdownMinutes, { m: rest });
}

/**
 * A gallery closed to guests (issue 12): the server's reason ('As fotos serão reveladas pelos
 * anfitriões.' or '… em DD/MM/YYYY HH:mm') and, before a reveal, a countdown; at the reveal the
 * gallery loads by itself.
 */
export function ClosedGallery({ message, eventId, onOpen }: { message: string; eventId: string | null; onOpen: () => void }) {
  const { data } = useSWR(eventId ? apiKeys.publicEvent(eventId) : null, () => dataOf(getPublicEvent(eventId!)), { shouldRetryOnError: false });
  const [now, setNow] = useState(() => Date.now());
  const revealAt = data?.reveal_at ?? null;
  useEffect(() => {
    if (!revealAt) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [revealAt]);
  const left = revealAt ? countdown(revealAt, now) : null;
  useEffect(() => {
    if (revealAt && left === null) onOpen();
  }, [revealAt, left, onOpen]);
  return (
    <EmptyState>
      {message}
      {left ? (
        <>
          <br />
          <span role="timer">{left}</span>
        </>
      ) : null}
    </EmptyState>
  );
}
