import { useEffect, useRef, useState } from 'react';
import type { QueueEntry, UploadQueue } from '@momentos/api-client';

/**
 * Object URLs of the previews, made once per entry while the device holds its bytes and kept for the
 * page's life (the queue drops the bytes once stored; the preview stays). Released on leaving.
 */
export function usePreviewUrls(queue: UploadQueue | null, entries: readonly QueueEntry[]): ReadonlyMap<string, string> {
  const urls = useRef(new Map<string, string>());
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (!queue) return;
    let added = false;
    for (const entry of entries) {
      if (urls.current.has(entry.id)) continue;
      const file = queue.fileOf(entry.id);
      if (!file) continue;
      urls.current.set(entry.id, URL.createObjectURL(file));
      added = true;
    }
    if (added) setVersion((version) => version + 1);
  }, [queue, entries]);
  useEffect(() => {
    const made = urls.current;
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  return urls.current;
}
