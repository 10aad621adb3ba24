import { videoState, type PhotoItem } from '@momentos/api-client';

/** Spec §9: presentation interval default 3 s, range 1 to 10 s, step 1 s. */
export const presentationSpeed = { defaultMs: 3000, minMs: 1000, maxMs: 10000, stepMs: 1000 } as const;

/** Spec §4 'Presentation': it wraps from the last image to the first. */
export function nextIndex(index: number, total: number): number {
  return total <= 0 ? 0 : (index + 1) % total;
}

export function previousIndex(index: number, total: number): number {
  return total <= 0 ? 0 : (index - 1 + total) % total;
}

/** 'Mais rápido': a shorter interval, never below 1 s. */
export function fasterInterval(ms: number): number {
  return Math.max(presentationSpeed.minMs, ms - presentationSpeed.stepMs);
}

/** 'Mais lento': a longer interval, never above 10 s. */
export function slowerInterval(ms: number): number {
  return Math.min(presentationSpeed.maxMs, ms + presentationSpeed.stepMs);
}

/** The slideshow shows images and (issue 25) videos whose playback rendition is ready; no failed items. */
export function presentationImages(photos: readonly PhotoItem[]): PhotoItem[] {
  return photos.filter((photo) => !photo.error && (photo.file_type === 'image' || videoState(photo) === 'ready'));
}
