import axios from 'axios';
import { readEventPin } from '../event-pin';

/**
 * The one axios instance of the front end. Spec §7: JSON content type and accept, the raw token in the
 * `authentication` header (set by the auth store), a header naming the product origin, statuses 200
 * to 299 valid, no default timeout. Calls go to the API host, same origin by default.
 */
export const http = axios.create({
  baseURL: '',
  timeout: 0,
  headers: {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/plain, */*',
    'X-Client-Origin': 'momentos-web',
  },
  validateStatus: (status) => status >= 200 && status < 300,
});

/**
 * Issue 12: the event's PIN this device typed goes with every call (the server asks for it only on
 * that event's guest calls), and a wall link's token with the wall's calls.
 */
export function setEventPinHeader(pin: string | null): void {
  if (pin) http.defaults.headers.common['x-event-pin'] = pin;
  else delete http.defaults.headers.common['x-event-pin'];
}

export function setWallTokenHeader(token: string | null): void {
  if (token) http.defaults.headers.common['x-wall-token'] = token;
  else delete http.defaults.headers.common['x-wall-token'];
}

setEventPinHeader(readEventPin()?.pin ?? null);

export function setAuthenticationHeader(token: string | null): void {
  if (token) http.defaults.headers.common.authentication = token;
  else delete http.defaults.headers.common.authentication;
}
