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
 * The `sizes` of a grid tile (the React grid and the painted gallery alike): half the width on phones
 * (2 columns below 600 px), a third below 960 px, a quarter beyond. On phones of 2.5× density and
 * more the tile is asked at 2× density at most (a third of the width instead of half): there the
 * 320-px copy is chosen, which halves the first screen's bytes on a slow link and is not told apart at
 * a tile's size; wider screens and denser tiles get the 640-px copy.
 */
export const GRID_TILE_SIZES = '(max-width: 599px) and (min-resolution: 2.5dppx) 33vw, (max-width: 599px) 50vw, (max-width: 959px) 33vw, 25vw';

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
