// Spec §3 entities as the API sends and receives them.

/** An event. `date` is 'YYYY-MM-DD HH:mm'; `image` is a file URL relative to the API origin, or null. */
export interface EventItem {
  id: string;
  code: string;
  name: string;
  date: string;
  location: string;
  contact: string;
  image?: string | null;
}

/** The fields of the event form, sent as multipart (`image` only when a new one was picked). */
export interface EventInput {
  name: string;
  /** 'YYYY-MM-DD HH:mm' */
  date: string;
  location: string;
  contact: string;
  image?: Blob | null;
}

/** An album as returned (field names differ from the request's, spec §3). */
export interface Album {
  id: string;
  album_name: string;
  album_description: string;
  is_available: boolean;
  is_public: boolean;
}

/** An album as sent. */
export interface AlbumInput {
  name: string;
  description: string;
  is_public: boolean;
  is_available: boolean;
}

/** Event search result (invite resolution). */
export interface EventSearchResult {
  id: string;
  name: string;
}

/** QR response of the share call; `link` is the server's view of the invite link. */
export interface QrCodeResponse {
  qrcode: string;
  link?: string;
}

/** Body of a successful login or of an error. */
export interface LoginResponse {
  status: number;
  message: string;
  email?: string;
}

export interface LoginInput {
  email: string;
  password: string;
}
