import { moderatePhoto, removePhoto, type PhotoModeration } from '@momentos/api-client';

/**
 * Sends one call per photo, a few at a time (the bulk actions of the organiser's screen), and
 * answers how many failed. Each photo's change stands on its own: one failure stops nothing.
 */
export async function forEachPhoto<T>(items: readonly T[], call: (item: T) => Promise<{ ok: boolean }>, parallel = 4): Promise<number> {
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      const result = await call(item).catch(() => ({ ok: false }));
      if (!result.ok) failed++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return failed;
}

export const applyChanges = (changes: ReadonlyArray<{ photo: { id: string }; change: PhotoModeration }>) =>
  forEachPhoto(changes, ({ photo, change }) => moderatePhoto(photo.id, change));

export const deletePhotos = (ids: readonly string[]) => forEachPhoto(ids, (id) => removePhoto(id));
