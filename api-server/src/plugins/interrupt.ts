import type { FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from '../http/log-redaction';

/**
 * Answers a request whose body is still arriving (`{ status, message }`) and closes the connection once
 * the answer is out, then ends the request's stream. The route reading the body sees it fail and
 * removes what it wrote, as for a client that hung up; whatever it answers afterwards is dropped.
 */
export function interruptRequest(request: FastifyRequest, reply: FastifyReply, status: number, message: string, headers: Record<string, string> = {}): void {
  if (reply.sent || reply.raw.headersSent) {
    request.raw.destroy();
    return;
  }
  request.log.info({ status, url: redactUrl(request.url) }, 'request interrupted while its body was arriving');
  // Node detaches a request from its socket once the answer is out, so the socket's close would not
  // end the request's stream: the route would wait forever for the rest of the body. End it here.
  const socket = request.raw.socket;
  const endBody = () => {
    if (!request.raw.destroyed) request.raw.destroy();
  };
  if (!socket || socket.destroyed) process.nextTick(endBody);
  else socket.once('close', endBody);
  void reply
    .code(status)
    .headers({ ...headers, connection: 'close' })
    .type('application/json; charset=utf-8')
    .send({ status, message });
}
