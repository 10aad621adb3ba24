import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, messages } from '../errors';
import { describeValidation } from '../http/validation-message';


const STATUS_MESSAGES: Record<number, string> = {
  400: messages.invalidRequest,
  401: messages.unauthorized,
  404: messages.notFound,
  405: messages.methodNotAllowed,
  413: messages.payloadTooLarge,
  415: messages.unsupportedMediaType,
  429: messages.tooManyRequests,
};

/** Fastify's (and PostgreSQL's) error codes, by the answer each gets. */
const ANSWERS_BY_CODE: [status: number, message: string, codes: string[]][] = [
  [400, messages.invalidRequest, ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', 'FST_PROTO_VIOLATION', 'FST_ERR_BAD_URL']],
  // PostgreSQL refusing a text it cannot store (a NUL byte in an id, a field or a path): bad input.
  [400, messages.invalidRequest, ['22021', '22P05']],
  [400, messages.malformedJson, ['FST_ERR_CTP_EMPTY_JSON_BODY']],
  [400, messages.multipartExpected, ['FST_INVALID_MULTIPART_CONTENT_TYPE', 'FST_NO_FORM_DATA']],
  [413, messages.payloadTooLarge, ['FST_ERR_CTP_BODY_TOO_LARGE']],
  [413, messages.imageTooLarge, ['FST_REQ_FILE_TOO_LARGE']],
  [413, messages.tooManyParts, ['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']],
  [415, messages.unsupportedMediaType, ['FST_ERR_CTP_INVALID_MEDIA_TYPE']],
];
const CODE_ANSWERS = new Map(ANSWERS_BY_CODE.flatMap(([status, message, codes]) => codes.map((code) => [code, [status, message] as const])));

/**
 * One error handler: every error becomes `{ status, message }` with a Portuguese message.
 * Client errors keep their 4xx status; anything unexpected is logged and answered as a plain 500.
 */
export default fp(
  async (app) => {
    // JSON bodies: an empty body (axios sends one on DELETE) is accepted; malformed JSON is a 400.
    // Fastify's own parser refuses __proto__ / constructor.prototype keys (prototype poisoning).
    const strictJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if ((body as string).trim() === '') return done(null, undefined);
      void strictJson(request, body as string, (error, parsed) => {
        if (error) done(new HttpError(400, messages.malformedJson), undefined);
        else done(null, parsed);
      });
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      let status = 500;
      let message: string = messages.unexpected;

      if (error instanceof HttpError) {
        status = error.statusCode;
        message = error.message;
        // A passing outage (the file store): the client is told when to try again.
        const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
        if (retryAfter !== undefined && !reply.sent) reply.header('retry-after', String(retryAfter));
      } else if (error.validation) {
        status = 400;
        message = describeValidation(error.validation, error.validationContext);
      } else if (error.code && CODE_ANSWERS.has(error.code)) {
        [status, message] = CODE_ANSWERS.get(error.code)!;
      } else if (error instanceof SyntaxError) {
        status = 400;
        message = messages.malformedJson;
      } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        status = error.statusCode;
        message = STATUS_MESSAGES[status] ?? messages.invalidRequest;
      }

      if (status >= 500) request.log.error({ err: (error as { reason?: unknown }).reason ?? error }, status === 503 ? 'service unavailable' : 'unexpected error');
      else request.log.info({ status, code: error.code, reason: error.message }, 'request refused');

      if (reply.sent || reply.raw.headersSent) return;
      reply.status(status).type('application/json; charset=utf-8').send({ status, message });
    });
  },
  { name: 'errors' },
);
