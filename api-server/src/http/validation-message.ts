import type { FastifySchemaValidationError } from 'fastify';
import { messages } from '../errors';

/** Portuguese description of the first schema violation. */
export function describeValidation(errors: FastifySchemaValidationError[], context?: string): string {
  const first = errors[0];
  if (!first) return messages.invalidRequest;
  const params = first.params;
  const pathField = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = (params.missingProperty as string | undefined) ?? (pathField || context || 'requisição');
  switch (first.keyword) {
    case 'required':
      return `O campo '${field}' é obrigatório.`;
    case 'type':
      return `O campo '${field}' tem um tipo inválido.`;
    case 'minLength':
      return `O campo '${field}' não pode ficar vazio.`;
    case 'maxLength':
      return `O campo '${field}' é longo demais (máximo ${String(params.limit)} caracteres).`;
    case 'format':
    case 'pattern':
      return `O campo '${field}' tem um formato inválido.`;
    case 'additionalProperties':
      return `O campo '${String(params.additionalProperty)}' não é permitido.`;
    case 'enum':
      return `O campo '${field}' tem um valor não permitido.`;
    default:
      return `O campo '${field}' é inválido.`;
  }
}
