// The guest's preview of a photo (issue 29 item 7): the upload screen makes it on the phone, from the
// photo it already holds, and sends it after the upload's answer; the server shows it as the photo's
// grid copies until its own are made. Both sides read the limits from this one module
// (@momentos/app-manifest/dist/photo-preview).

/** The preview's long edge: the grid copy's (compressed_photo, MEDIA_THUMBNAIL_SIZE's default). */
export const PHOTO_PREVIEW_EDGE = 640;

/** The largest preview the server takes (a 640-px WebP of a phone photo is 30–110 KB). */
export const PHOTO_PREVIEW_MAX_BYTES = 200 * 1024;

/** The encodings the server takes: WebP where the browser's canvas makes it, JPEG elsewhere (Safari). */
export const PHOTO_PREVIEW_TYPES = ['image/webp', 'image/jpeg'] as const;
