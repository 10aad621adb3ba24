import type { AlbumRefusal } from '../services/albums';
import { HttpError, messages, notFound } from '../errors';

/** The HTTP answer of each reason the album rules give for refusing. */
export function albumRefused(refusal: AlbumRefusal): HttpError {
  switch (refusal) {
    case 'event-not-found':
      return notFound(messages.eventNotFound);
    case 'album-not-found':
      return notFound(messages.albumNotFound);
    case 'album-closed':
      return new HttpError(403, messages.albumNotAvailable);
  }
}
