import useSWR from 'swr';
import { apiKeys, dataOf, getEvent, getWallEvent, type ApiError } from '@momentos/api-client';

export interface WallEventInfo {
  eventId: string;
  name: string;
  code: string;
  /** Issue 25: how long a video plays on the wall before the next item (WALL_VIDEO_SECONDS). */
  videoSeconds: number;
}

/** When the server does not say (an older one). */
const DEFAULT_VIDEO_SECONDS = 20;

export type WallEventState = { status: 'loading' } | { status: 'unavailable' } | ({ status: 'ready' } & WallEventInfo);

const options = { shouldRetryOnError: false, revalidateOnFocus: false };
const warn = (failure: ApiError) => console.warn('Wall: the event answered', failure.status, failure.message);

/** The event a wall shows: by the organiser's event id (signed in), or by a wall link's token (a TV). */
export function useWallEvent(by: { eventId: string } | { token: string }): WallEventState {
  const byToken = 'token' in by;
  const owner = useSWR(byToken ? null : apiKeys.event(by.eventId), () => dataOf(getEvent((by as { eventId: string }).eventId)), { ...options, onError: warn });
  const link = useSWR(byToken ? ['wall-event', by.token] : null, () => dataOf(getWallEvent((by as { token: string }).token)), { ...options, onError: warn });
  if (byToken) {
    if (link.error) return { status: 'unavailable' };
    return link.data
      ? { status: 'ready', eventId: link.data.event_id, name: link.data.name, code: link.data.code, videoSeconds: link.data.video_seconds ?? DEFAULT_VIDEO_SECONDS }
      : { status: 'loading' };
  }
  if (owner.error) return { status: 'unavailable' };
  const event = owner.data?.[0];
  return event
    ? { status: 'ready', eventId: event.id, name: event.name, code: event.code, videoSeconds: event.wall_video_seconds ?? DEFAULT_VIDEO_SECONDS }
    : { status: 'loading' };
}
