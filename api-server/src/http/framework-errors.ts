import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../errors';

/**
 * Issue 23: the refusals Fastify and Node make before a route is found answer `{status, message}` in
 * Portuguese like every other error (the contract fuzz test found them answering their own shapes).
 */
const FRAMEWORK_ANSWERS: Record<string, [number, string]> = {
  FST_ERR_MAX_PARAM_LENGTH: [414, messages.uriTooLong],
  FST_ERR_BAD_URL: [400, messages.invalidRequest],
};

/** Fastify's `frameworkErrors`: a malformed or overlong URL parameter. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] = FRAMEWORK_ANSWERS[error.code] ?? [400, messages.invalidRequest];
  void reply.code(status).type('application/json; charset=utf-8').send({ status, message });
}

/** Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (headers or URL too large, malformed requests, timeouts). */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, messages.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, messages.requestTimeout]
        : [400, messages.invalidRequest];
  const body = JSON.stringify({ status, message });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
  socket.destroy();
}
