import { useEffect } from 'react';
import { getPhotoUpdates, type PhotoItem, type PhotoUpdate } from '@momentos/api-client';
import { pollDelayMs, processingIds } from './polling-schedule';

/**
 * Spec §4 'Gallery polling': after each load that leaves photos processing, asks
 * /updates/{albumId}?ids= on the schedule of polling-schedule.ts and applies the answers; it stops
 * when nothing is processing or after 10 attempts. A new load starts a new run.
 */
export function useProcessingUpdates(
  albumId: string,
  generation: number,
  current: () => PhotoItem[],
  applyUpdates: (updates: PhotoUpdate[]) => void,
): void {
  useEffect(() => {
    if (processingIds(current()).length === 0) return undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | null = null;

    const schedule = (attempt: number) => {
      const delay = pollDelayMs(attempt);
      if (delay === null) return;
      const poll = async () => {
        const ids = processingIds(current());
        if (ids.length === 0) return;
        const result = await getPhotoUpdates(albumId, ids);
        if (cancelled) return;
        if (result.status === 200 && Array.isArray(result.data)) applyUpdates(result.data);
        else console.warn('Gallery: photo updates answered', result.status, result.message);
        if (processingIds(current()).length > 0) schedule(attempt + 1);
      };
      timer = setTimeout(() => void poll(), delay);
    };
    schedule(1);

    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
    // A run per load: `generation` changes when a load replaces the list.
  }, [albumId, generation, current, applyUpdates]);
}
