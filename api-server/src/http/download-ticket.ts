import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sameScope, signDownloadTicket, verifyDownloadTicket, type DownloadScope } from '../domain/download-ticket';
import { HttpError, messages } from '../errors';

/**
 * The files an organiser downloads in the browser (the ZIP, the 'Livro de recados', the QR kit): a
 * browser's download cannot send the token's header, so the screen first asks for a short-lived
 * ticket bound to the event and the scope, and opens the URL that carries it.
 */

/** A ticket for `scope` and the same-origin URL at `path` that carries it (then the scope's own words, if any). */
export function ticketAnswer(scope: DownloadScope & { organiserId: string }, secret: string, path: string, words?: URLSearchParams) {
  const { ticket, expiresAt } = signDownloadTicket(scope, secret);
  const query = new URLSearchParams({ ticket });
  for (const [name, value] of words ?? []) query.set(name, value);
  return { ticket, url: `${path}?${query}`, expires_at: expiresAt.toISOString() };
}

/** The organiser a download is for: the token's, or the ticket's when it was made for this scope. */
export async function downloadHolder(app: FastifyInstance, request: FastifyRequest, ticket: string | undefined, asked: DownloadScope): Promise<string> {
  if (ticket === undefined) {
    await app.requireOrganiser(request);
    return request.organiser!.id;
  }
  const claims = verifyDownloadTicket(ticket, app.jwtSecret);
  if (!claims || !sameScope(claims, asked)) throw new HttpError(403, messages.ticketInvalid);
  return claims.organiserId;
}

/** Sends a file the browser saves as `fileName` (ASCII in `filename`, the whole name in `filename*`), never cached. */
export const sendAttachment = (reply: FastifyReply, contentType: string, fileName: string, body: unknown) =>
  reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'no-store')
    .send(body);
