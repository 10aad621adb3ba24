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

export function setAuthenticationHeader(token: string | null): void {
  if (token) http.defaults.headers.common.authentication = token;
  else delete http.defaults.headers.common.authentication;
}
