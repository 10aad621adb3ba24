import { request } from '../http/api-result';

export interface Health {
  status: string;
}

/** GET /api/health: whether the API answers. */
export function getHealth() {
  return request<Health>({ method: 'GET', url: '/api/health' });
}
