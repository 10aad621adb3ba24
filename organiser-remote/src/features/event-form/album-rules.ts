import type { Album, AlbumInput } from '@momentos/api-client';
import { texts } from '../../texts';

export const emptyAlbum: AlbumInput = { name: '', description: '', is_public: false, is_available: false, requires_approval: false };

/** Edit mode prefills from the album as returned (album_name / album_description). */
export function albumToInput(album: Album | null): AlbumInput {
  if (!album) return emptyAlbum;
  return {
    name: album.album_name,
    description: album.album_description,
    is_public: album.is_public,
    is_available: album.is_available,
    requires_approval: album.requires_approval ?? false,
  };
}

/** Spec §5 album form: name and description required; toggles default to off. */
export function validateAlbum(input: AlbumInput): Partial<Record<'name' | 'description', string>> {
  const errors: Partial<Record<'name' | 'description', string>> = {};
  if (!input.name.trim()) errors.name = texts.albums.required;
  if (!input.description.trim()) errors.description = texts.albums.required;
  return errors;
}

export type AlbumAction = 'create' | 'update' | 'delete';

/** The §8 feedback of an album action: success titles and messages, or the error when the call failed. */
export function albumFeedback(action: AlbumAction, succeeded: boolean) {
  const a = texts.albums;
  if (!succeeded) return { kind: 'error' as const, title: a.errorTitle, message: a.errorMessage };
  if (action === 'create') return { kind: 'success' as const, title: a.createdTitle, message: a.createdMessage };
  if (action === 'update') return { kind: 'success' as const, title: a.updatedTitle, message: a.updatedMessage };
  return { kind: 'success' as const, title: a.removedTitle, message: a.removedMessage };
}
