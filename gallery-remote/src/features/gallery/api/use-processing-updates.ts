import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { apiKeys, dataOf, getPhotoUpdates, type ApiError, type PhotoItem, type PhotoUpdate } from '@momentos/api-client';
import { pollDelayMs, processingIds } from '../live/polling-schedule';

interface PollAnswer {
  /** Which attempt of this run answered (1-based; 0 before the first). */
  attempt: number;
  updates: PhotoUpdate[];
}

/** What a run starts from: as if answered, so that SWR does not ask at once but after attempt 1's delay. */
const notAskedYet: PollAnswer = { attempt: 0, updates: [] };

/**
 * Spec §4 'Gallery polling', in SWR's terms: while a photo is processing, /updates/{albumId}?ids= is
 * asked on a refresh interval that follows the attempt number (polling-schedule.ts), never at once;
 * the interval turns 0 after attempt 10, and the poll ends when nothing is processing (no key).
 * Each load of the list (`run`, part of the key) starts again from attempt 1.
 */
export function useProcessingUpdates(albumId: string, run: number, photos: PhotoItem[], applyUpdates: (updates: PhotoUpdate[]) => void): void {
  const processing = processingIds(photos);
  const latestIds = useRef(processing);
  useEffect(() => {
    latestIds.current = processing;
  });
  const attempts = useRef(new Map<number, number>());

  useSWR(
    processing.length > 0 ? apiKeys.photoUpdates(albumId, run) : null,
    async ([, album, pollRun]): Promise<PollAnswer> => {
      const attempt = (attempts.current.get(pollRun) ?? 0) + 1;
      attempts.current.set(pollRun, attempt);
      return { attempt, updates: await dataOf(getPhotoUpdates(album, latestIds.current)) };
    },
    {
      fallbackData: notAskedYet,
      revalidateIfStale: false,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      refreshWhenHidden: true,
      dedupingInterval: 0,
      shouldRetryOnError: false,
      refreshInterval: (answer?: PollAnswer) => pollDelayMs((answer?.attempt ?? 0) + 1) ?? 0,
      onSuccess: (answer) => applyUpdates(answer.updates),
      onError: (error: ApiError) => console.warn('Gallery: photo updates answered', error.status, error.message),
    },
  );
}
