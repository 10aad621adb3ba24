import { lazy, Suspense } from 'react';
import { texts } from '../../../texts';
import type { PhotoLightboxProps } from './photo-lightbox';

// The lightbox library is the heaviest part of the gallery: its own chunk, fetched on first open.
const PhotoLightbox = lazy(() => import('./photo-lightbox'));

/** The lightbox, loaded on first open, with a spinner over the page while its chunk arrives. */
export function LazyPhotoLightbox(props: PhotoLightboxProps) {
  return (
    <Suspense
      fallback={
        <div className="gallery-lightbox-loading" role="status" aria-label={texts.loading}>
          <span className="mk-spinner" aria-hidden="true" />
        </div>
      }
    >
      <PhotoLightbox {...props} />
    </Suspense>
  );
}
