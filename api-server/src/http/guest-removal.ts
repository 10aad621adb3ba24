import { DELETE_KEY_HEADER } from '@momentos/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deleteKeyMatches } from '../domain/delete-key';
import { HttpError, messages, notFound } from '../errors';

/** The refusals of one kind of guest item (a photo, a message). */
export interface RemovalTexts {
  notFound: string;
  wrongKey: string;
  notAllowed: string;
}

/**
 * Who may remove a guest's item (a photo, issue 10; a message, issue 26): the sender, with the
 * delete key of the upload's answer, or an organiser who may moderate the event (`mayModerate`
 * throws otherwise). Neither a key nor a token: 403 as a missing key; a token that fails: 401 (a new
 * login). Answers the item.
 */
export async function removableItem<T extends { event_id: string; delete_key_hash: string | null }>(
  app: FastifyInstance,
  request: FastifyRequest,
  item: T | undefined,
  texts: RemovalTexts,
  mayModerate: (eventId: string, organiserId: string) => Promise<unknown>,
): Promise<T> {
  const key = request.headers[DELETE_KEY_HEADER];
  if (typeof key === 'string') {
    if (!item) throw notFound(texts.notFound);
    if (!deleteKeyMatches(key, item.delete_key_hash)) throw new HttpError(403, texts.wrongKey);
    return item;
  }
  const organiser = await app.optionalOrganiser(request);
  const triedToken = request.headers.authentication !== undefined || request.headers.authorization !== undefined;
  if (!organiser) throw triedToken ? new HttpError(401, messages.unauthorized) : new HttpError(403, texts.notAllowed);
  if (!item) throw notFound(texts.notFound);
  await mayModerate(item.event_id, organiser.id);
  return item;
}
