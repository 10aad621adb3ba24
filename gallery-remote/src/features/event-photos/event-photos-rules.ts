import type { PhotoItem } from '@momentos/api-client';
import { texts } from '../../texts';

/** The state word of a photo on the organiser's grid: waiting for approval, hidden, or nothing. */
export function markOf(photo: PhotoItem): string | null {
  if (photo.pending) return texts.markPending;
  if (photo.hidden) return texts.markHidden;
  return null;
}

/** The moderation actions that change something for the selected photos (the others stay disabled). */
export function availableActions(selected: readonly PhotoItem[]) {
  return {
    hide: selected.some((photo) => !photo.hidden),
    show: selected.some((photo) => photo.hidden),
    approve: selected.some((photo) => photo.pending),
    remove: selected.length > 0,
  };
}

export type ModerationAction = 'hide' | 'show' | 'approve';

/** The photos an action applies to, and the change it sends for each (PATCH /api/events/photos/{id}). */
export function changesFor(action: ModerationAction, selected: readonly PhotoItem[]) {
  if (action === 'hide') return selected.filter((photo) => !photo.hidden).map((photo) => ({ photo, change: { hidden: true } }));
  if (action === 'show') return selected.filter((photo) => photo.hidden).map((photo) => ({ photo, change: { hidden: false } }));
  return selected.filter((photo) => photo.pending).map((photo) => ({ photo, change: { pending: false as const } }));
}

/** Issue 26: the organiser's view of the photos: all, the favourites, or the most liked first (those with hearts). */
export type PhotoView = 'all' | 'favorites' | 'most-liked';

export function photosInView(photos: readonly PhotoItem[], view: PhotoView, heartsOf: (photo: PhotoItem) => number = (photo) => photo.hearts ?? 0): PhotoItem[] {
  if (view === 'favorites') return photos.filter((photo) => photo.favorite);
  if (view === 'most-liked') {
    return photos
      .filter((photo) => heartsOf(photo) > 0)
      .map((photo, order) => ({ photo, order, hearts: heartsOf(photo) }))
      .sort((a, b) => b.hearts - a.hearts || a.order - b.order)
      .map(({ photo }) => photo);
  }
  return [...photos];
}

/** Issue 28: the places the photos were sent from, sorted as people read them ('Mesa 2' before 'Mesa 10'). */
export function placesOf(photos: readonly PhotoItem[]): string[] {
  const places = new Set<string>();
  for (const photo of photos) if (photo.place) places.add(photo.place);
  // A collator costs tens of milliseconds to make on a slow phone (issue 29: it stood in the photo
  // screen's first render): made once, and only when there is something to sort.
  return places.size < 2 ? [...places] : [...places].sort(placeCollator().compare);
}

let collator: Intl.Collator | undefined;
const placeCollator = () => (collator ??= new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' }));

/** The photos of one place ('Filtrar por local'); all of them without a choice. */
export const photosOfPlace = (photos: PhotoItem[], place: string | null) => (place === null ? photos : photos.filter((photo) => photo.place === place));

/** The place on a tile. */
export const placeOf = (photo: PhotoItem) => photo.place ?? null;
