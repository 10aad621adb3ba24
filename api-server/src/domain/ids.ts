import { randomUUID } from 'node:crypto';

/** Prefixed UUIDs: events, albums and photos never share an id, so an id tells its kind. */
export const newId = {
  organiser: () => `org_${randomUUID()}`,
  event: () => `evt_${randomUUID()}`,
  album: () => `alb_${randomUUID()}`,
  photo: () => `pho_${randomUUID()}`,
  /** Issue 26: a guestbook message. */
  message: () => `msg_${randomUUID()}`,
};

export const isEventId = (id: string) => id.startsWith('evt_');
export const isMessageId = (id: string) => id.startsWith('msg_');
