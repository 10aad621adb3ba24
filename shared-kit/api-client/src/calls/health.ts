import type { Health } from '@momentos/api-contract';
import { request } from '../http/api-result';

export type { Health } from '@momentos/api-contract';

/** GET /api/health: whether the API answers. */
export function getHealth() {
  return request<Health>({ method: 'GET', url: '/api/health' });
}
