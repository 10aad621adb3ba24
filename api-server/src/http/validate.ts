import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { describeValidation } from './validation-message';

/**
 * Validates fields collected by hand (multipart parts, or JSON on a route that takes both) with the
 * contract's schema and Fastify's own validator, so the errors read as a route schema's would.
 */
export function validFields<T extends TSchema>(request: FastifyRequest, schema: T, raw: Record<string, unknown>): Static<T> {
  const validate = request.compileValidationSchema(schema);
  const conforms = (value: unknown): value is Static<T> => validate(value) === true;
  if (!conforms(raw)) throw new HttpError(400, describeValidation(validate.errors ?? [], 'body'));
  return raw;
}
