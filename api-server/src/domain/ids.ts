import { randomUUID } from 'node:crypto';

/** Prefixed UUIDs: events, albums and photos never share an id, so an id tells its kind. */
export const newId = {
  organiser: () => `org_${randomUUID()}`,
  event: () => `evt_${randomUUID()}`,
  album: () => `alb_${randomUUID()}`,
  photo: () => `pho_${randomUUID()}`,
};

export const isEventId = (id: string) => id.startsWith('evt_');
export const isAlbumId = (id: string) => id.startsWith('alb_');

/** Accepted shape of ids in URLs (checked by schema; an unknown id is a 404). */
export const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
