// Public entry of @momentos/api-client (a federation singleton: one auth store per page).
export { http, setApiBaseUrl, setAuthenticationHeader } from './http/http-client';
export { request } from './http/api-result';
export type { ApiResult } from './http/api-result';
export { useAuthStore } from './auth/auth-store';
export { isTokenUsable } from './auth/token';
export { storageKeys } from './storage-keys';
export { getHealth } from './calls/health';
export type { Health } from './calls/health';
