import { useEffect, useSyncExternalStore } from 'react';
import useSWR from 'swr';
import { apiKeys, loadUploadQueue, type ConnectionProfile, type QueueSnapshot, type UploadQueue } from '@momentos/api-client';

const nothing: QueueSnapshot = { entries: [], sentBytes: {}, offline: false, progress: null, percent: 0, round: [] };
const noSubscription = () => () => undefined;

async function startedQueue(): Promise<UploadQueue> {
  const queue = await loadUploadQueue();
  await queue.start();
  return queue;
}

/** The page's upload queue (loaded with this screen, started at once) and what it holds now. */
export function useUploadQueue(profile: ConnectionProfile | null): { queue: UploadQueue | null; snapshot: QueueSnapshot } {
  const { data: queue = null } = useSWR(apiKeys.uploadQueue(), startedQueue, { revalidateOnFocus: false, revalidateOnReconnect: false });
  useEffect(() => {
    if (queue && profile) queue.setProfile(profile);
  }, [queue, profile]);
  const snapshot = useSyncExternalStore(queue?.subscribe ?? noSubscription, queue?.getSnapshot ?? (() => nothing));
  return { queue, snapshot };
}
