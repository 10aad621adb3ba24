// A gallery tile's renditions (issue 29): what the React grid (gallery-remote's PhotoTile) and the
// server's painted gallery (api-server's domain/first-paint.ts) both offer, from this one module
// (@momentos/app-manifest/dist/grid-tile), as the paint template is shared.

/**
 * Long edges of a photo's two grid renditions (issue 29): `thumb_photo` for phones and
 * `compressed_photo` (MEDIA_THUMBNAIL_SIZE, default 640) for wider grids: the `w` descriptors of a
 * tile's srcset.
 */
export const THUMB_PHOTO_EDGE = 320;
export const COMPRESSED_PHOTO_EDGE = 640;

/**
 * The `sizes` of a grid tile (the React grid and the painted gallery alike). From 600 px (3 and 4
 * columns) the tile's true width: a third, a quarter of the window. On phones (2 columns, below 600
 * px) the tiles are declared at a third of the phone copy's edge (106 px) instead of their ~190 px: the
 * deliberate choice that a phone, up to 3× density, takes the 320-px copy (Chromium takes the first
 * candidate whose density reaches the screen's, so a true 50vw would take the 640-px one from 1.7×).
 * A tile is a preview on a slow link: the first screen's image bytes halve; the lightbox shows
 * display_photo. Measured by bench/gallery-first-screen.mjs.
 */
export const GRID_TILE_SIZES = `(max-width: 599px) ${Math.floor(THUMB_PHOTO_EDGE / 3)}px, (max-width: 959px) 33vw, 25vw`;

/**
 * A grid tile's `srcset`: the phone copy and the grid copy by their long edges, or undefined when the
 * photo has no phone copy (made before it existed, or one size only) and the tile shows compressed_photo alone.
 */
export function gridTileSrcset(
  photo: { compressed_photo: string | null; thumb_photo?: string | null },
  url: (fileUrl: string) => string = (fileUrl) => fileUrl,
): string | undefined {
  if (!photo.compressed_photo || !photo.thumb_photo || photo.thumb_photo === photo.compressed_photo) return undefined;
  return `${url(photo.thumb_photo)} ${THUMB_PHOTO_EDGE}w, ${url(photo.compressed_photo)} ${COMPRESSED_PHOTO_EDGE}w`;
}
