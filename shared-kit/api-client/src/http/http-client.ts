import axios from 'axios';

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

/** Points the client at another API host (a deploy where the API is not on the page's origin). */
export function setApiBaseUrl(baseURL: string): void {
  http.defaults.baseURL = baseURL;
}

export function setAuthenticationHeader(token: string | null): void {
  if (token) http.defaults.headers.common.authentication = token;
  else delete http.defaults.headers.common.authentication;
}
