import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { PhotoItem } from '@momentos/api-client';
import { texts } from '../../../texts';
import { columnsForWidth, gridLayout, rowCountFor, tileSizeFor } from './grid-layout';
import { PhotoTile } from './photo-tile';
import { useElementWidth } from './use-element-width';

export interface PhotoGridProps {
  photos: PhotoItem[];
  onOpen: (index: number) => void;
  /** The organiser's screen (issue 11): each tile's state word, if any. */
  markOf?: (photo: PhotoItem) => string | null;
  /** Issue 28, the organiser's screen: each tile's place, if any. */
  captionOf?: (photo: PhotoItem) => string | null;
  /** Selection mode: the selected ids, and what a click on a tile does instead of opening it. */
  selectedIds?: ReadonlySet<string>;
  onToggle?: (photo: PhotoItem) => void;
  /** Issue 26: what sits over each tile's corner (the heart, the organiser's star); outside the tile's button. */
  overlay?: (photo: PhotoItem) => ReactNode;
}

/**
 * The thumbnails in 2 to 4 columns. Rows are virtualised against the page's scroll: only the rows on
 * screen (plus a few) are in the DOM, so an album of 10,000 photos scrolls as smoothly as one of 10.
 * Rows have a fixed height (square tiles), so nothing moves when thumbnails arrive.
 */
export function PhotoGrid({ photos, onOpen, markOf, captionOf, selectedIds, onToggle, overlay }: PhotoGridProps) {
  const container = useRef<HTMLDivElement>(null);
  const width = useElementWidth(container);
  const columns = columnsForWidth(width);
  const gap = gridLayout.gapPx;
  const tile = tileSizeFor(width, columns);
  const rowHeight = tile + gap;
  const rows = rowCountFor(photos.length, columns);

  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const element = container.current;
    if (element) setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
  }, [width]);

  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => rowHeight,
    // Two rows beyond the screen: the browser fetches lazy images of every row in the DOM within its
    // lazy-load margin, so each extra row costs a phone's first screen its tiles' bytes (issue 13).
    overscan: 2,
    scrollMargin,
    initialRect: { width: typeof window === 'undefined' ? 0 : window.innerWidth, height: typeof window === 'undefined' ? 0 : window.innerHeight },
  });

  useLayoutEffect(() => {
    virtualizer.measure();
  }, [rowHeight, virtualizer]);

  return (
    <div ref={container} className="gallery-grid" role="list" aria-label={texts.photos} style={{ height: Math.max(0, rows * rowHeight - gap) }}>
      {tile > 0
        ? virtualizer.getVirtualItems().map((row) => {
            const start = row.index * columns;
            const items = photos.slice(start, start + columns);
            return (
              <div
                key={row.key}
                className="gallery-grid__row"
                style={{ transform: `translateY(${row.start - scrollMargin}px)`, height: tile, gap }}
              >
                {items.map((photo, offset) => (
                  <div role="listitem" key={photo.id} className="gallery-grid__cell">
                    <PhotoTile
                      photo={photo}
                      index={start + offset}
                      size={tile}
                      priority={row.index === 0}
                      onOpen={onOpen}
                      mark={markOf?.(photo)}
                      caption={captionOf?.(photo)}
                      selected={selectedIds ? selectedIds.has(photo.id) : undefined}
                      onToggle={onToggle}
                    />
                    {overlay && !selectedIds ? <div className="reaction-overlay">{overlay(photo)}</div> : null}
                  </div>
                ))}
              </div>
            );
          })
        : null}
    </div>
  );
}
