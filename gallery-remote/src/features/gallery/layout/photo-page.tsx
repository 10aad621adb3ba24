import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { PhotoItem } from '@momentos/api-client';
import { Button, EmptyState, Link } from '@momentos/design-kit';
import { texts } from '../../../texts';
import type { GalleryPhotos } from '../api/use-gallery-photos';
import { FilterDialog } from '../filter/filter-dialog';
import { PhotoGrid, type PhotoGridProps } from '../grid/photo-grid';
import { LazyPhotoLightbox } from '../lightbox/lazy-photo-lightbox';
import { PresentationMode } from '../presentation/presentation-mode';

// Issue 24: the guests' gallery and the organiser's photos are one page: a header (back link, title,
// 'Modo Apresentação'), the grid (or its spinner, or 'empty'), the uploader filter, the presentation
// and the lightbox. Each screen says only what is its own (the toolbar, the navigation, its dialogs).

/** What the page's viewers are doing: the lightbox's photo, the presentation, the uploader filter. */
export interface PhotoViewers {
  /** The photo the lightbox shows (its index in the list shown), -1 when closed. */
  lightboxIndex: number;
  openLightbox: (index: number) => void;
  /** The lightbox moved to another photo. */
  onView: (index: number) => void;
  closeLightbox: () => void;
  presenting: boolean;
  setPresenting: (presenting: boolean) => void;
  filterOpen: boolean;
  setFilterOpen: (open: boolean) => void;
}

/** The viewers over `photos` (the list shown): the lightbox stays on the photo it shows when the list is refreshed under it. */
export function usePhotoViewers(photos: PhotoItem[]): PhotoViewers {
  const [lightboxIndex, setLightboxIndex] = useState(-1);
  const [presenting, setPresenting] = useState(false);
  const [filterOpen, setFilterOpen] = useState(false);

  const viewedId = useRef<string | null>(null);
  useEffect(() => {
    if (lightboxIndex < 0 || !viewedId.current) return;
    const moved = photos.findIndex((photo) => photo.id === viewedId.current);
    if (moved >= 0 && moved !== lightboxIndex) setLightboxIndex(moved);
  }, [photos, lightboxIndex]);

  const openLightbox = useCallback(
    (index: number) => {
      viewedId.current = photos[index]?.id ?? null;
      setLightboxIndex(index);
    },
    [photos],
  );
  const onView = useCallback(
    (index: number) => {
      viewedId.current = photos[index]?.id ?? null;
      setLightboxIndex((open) => (open < 0 ? open : index));
    },
    [photos],
  );
  const closeLightbox = useCallback(() => setLightboxIndex(-1), []);
  return { lightboxIndex, openLightbox, onView, closeLightbox, presenting, setPresenting, filterOpen, setFilterOpen };
}

interface PhotoPageProps {
  viewers: PhotoViewers;
  gallery: Pick<GalleryPhotos, 'loading' | 'uploader' | 'setUploader'>;
  /** The photos shown (filtered, with local changes), the grid's, the lightbox's and the presentation's. */
  photos: PhotoItem[];
  /** Classes besides `gallery-page`, and the page's data attributes. */
  className?: string;
  data: Record<`data-${string}`, string>;
  back: { to: string; label: string; onClick?: (event: MouseEvent<HTMLAnchorElement>) => void };
  title: string;
  /** A line under the title (the organiser's event name); when given, even empty, the two are grouped. */
  subtitle?: ReactNode;
  /** Whether the photos may be viewed (false once the album is no longer available): no 'Modo Apresentação', no lightbox. */
  viewable?: boolean;
  /** The rest of the header (filters, the organiser's toolbar). */
  header?: ReactNode;
  /** Between the header and the grid. */
  beforeContent?: ReactNode;
  /** Said instead of the grid (the album is closed or gone), or null. */
  notice?: ReactNode;
  /** The grid's own options (marks, captions, selection). */
  grid?: Omit<PhotoGridProps, 'photos' | 'onOpen' | 'overlay'>;
  /** What sits over each tile's corner and in the lightbox (hearts, the organiser's star). */
  actions: (photo: PhotoItem) => ReactNode;
  /** The album (or event) the uploader filter lists the uploaders of. */
  filterScope: string;
  /** After the grid (the bottom navigation). */
  afterContent?: ReactNode;
  /** The screen's own dialogs, after the uploader filter. */
  dialogs?: ReactNode;
}

/** The gallery's page: header, grid, uploader filter, presentation and lightbox. */
export function PhotoPage({
  viewers,
  gallery,
  photos,
  className,
  data,
  back,
  title,
  subtitle,
  viewable = true,
  header,
  beforeContent,
  notice,
  grid,
  actions,
  filterScope,
  afterContent,
  dialogs,
}: PhotoPageProps) {
  const heading = <h1 className="gallery-header__title">{title}</h1>;
  return (
    <main className={className ? `gallery-page ${className}` : 'gallery-page'} {...data}>
      <header className="gallery-header">
        <Link className="gallery-header__back" to={back.to} onClick={back.onClick}>
          <span aria-hidden="true">‹</span>
          {back.label}
        </Link>
        <div className="gallery-header__row">
          {subtitle === undefined ? (
            heading
          ) : (
            <div>
              {heading}
              {subtitle}
            </div>
          )}
          {/* Shown (disabled) while the photos load, so the toolbar and the grid do not move down when they arrive. */}
          {(photos.length > 0 || gallery.loading) && viewable ? (
            <Button className="gallery-header__present" onClick={() => viewers.setPresenting(true)} disabled={photos.length === 0}>
              {texts.presentationMode}
            </Button>
          ) : null}
        </div>
        {header}
      </header>
      {beforeContent}

      <section className="gallery-content">
        {notice ? (
          notice
        ) : gallery.loading ? (
          <div className="gallery-loading" role="status" aria-label={texts.loading}>
            <span className="mk-spinner" aria-hidden="true" />
          </div>
        ) : photos.length === 0 ? (
          <EmptyState>{texts.empty}</EmptyState>
        ) : (
          <PhotoGrid photos={photos} onOpen={viewers.openLightbox} overlay={actions} {...grid} />
        )}
      </section>
      {afterContent}

      <FilterDialog
        open={viewers.filterOpen}
        albumId={filterScope}
        uploader={gallery.uploader}
        onCancel={() => viewers.setFilterOpen(false)}
        onApply={(uploader) => {
          viewers.setFilterOpen(false);
          gallery.setUploader(uploader);
        }}
      />
      {dialogs}

      {viewers.presenting && viewable ? <PresentationMode photos={photos} onClose={() => viewers.setPresenting(false)} /> : null}
      {viewers.lightboxIndex >= 0 && viewable ? (
        <LazyPhotoLightbox photos={photos} index={viewers.lightboxIndex} onClose={viewers.closeLightbox} onView={viewers.onView} actions={actions} />
      ) : null}
    </main>
  );
}
