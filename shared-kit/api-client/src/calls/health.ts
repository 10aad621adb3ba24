import { call } from '../http/api-result';

export type { Health } from '@momentos/api-contract';

/** GET /api/health: whether the API answers. */
export function getHealth() {
  return call('GET /api/health');
}
