import { ID_PATTERN } from '../domain/ids';

export const errorResponse = {
  type: 'object',
  properties: { status: { type: 'integer' }, message: { type: 'string' } },
  required: ['status', 'message'],
} as const;

export const messageResponse = errorResponse;

export const idParams = (name: string) =>
  ({
    type: 'object',
    properties: { [name]: { type: 'string', pattern: ID_PATTERN } },
    required: [name],
  }) as const;
