import type { Album } from '@momentos/api-client';

/** The album preselected for an upload: the one the guest came from, when it is open for upload. */
export function preselectAlbum(albums: Album[], cameFrom: string | null): string | null {
  if (cameFrom && albums.some((album) => album.id === cameFrom)) return cameFrom;
  return albums[0]?.id ?? null;
}
