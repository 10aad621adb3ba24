/** File URLs the API hands out: relative to the API origin, the storage key in `path`. */
export const fileUrl = (key: string) => `/api/files?path=${key}`;

/** Storage layout: everything of an event lives under its folder, so deleting the event removes it all. */
export const storageKeys = {
  eventFolder: (eventId: string) => `events/${eventId}`,
  albumFolder: (eventId: string, albumId: string) => `events/${eventId}/albums/${albumId}`,
};
