import { endpoints } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import { LoginLimiter } from '../services/login-limiter';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../domain/password';
import { signToken } from '../domain/token';
import { HttpError, messages } from '../errors';
import { createSession, endSession } from '../repositories/organiser-sessions';
import { findOrganiserByEmail, normaliseEmail, replacePasswordHash } from '../repositories/organisers';

const authRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const limiter = new LoginLimiter(app.db, config.loginLimits);

  app.route({ ...route(endpoints.login), handler: async (request, reply) => {
    const email = normaliseEmail(request.body.email);
    // The client's address: X-Forwarded-For is read only from the proxies TRUST_PROXY names.
    const ip = request.ip;
    // Issue 23: counted before it is judged (one atomic increment per key), so a burst stops at the limit.
    const verdict = await limiter.attempt(ip, email);
    if (verdict.blocked) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw new HttpError(429, messages.tooManyLogins);
    }

    const organiser = await findOrganiserByEmail(app.db, email);
    // Unknown e-mail and wrong password take the same path and give the same answer.
    const valid = await verifyPassword(request.body.password, organiser?.password_hash ?? (await dummyPasswordHash()));
    if (!organiser || !valid) throw new HttpError(401, messages.badCredentials);

    await limiter.succeeded(ip, email);
    // A hash made with older or weaker parameters is replaced now that the password is known (issue 23).
    if (needsRehash(organiser.password_hash)) await replacePasswordHash(app.db, organiser.id, organiser.password_hash, await hashPassword(request.body.password));
    const sid = await createSession(app.db, organiser.id, config.tokenTtlSeconds);
    const token = signToken({ sub: organiser.id, email: organiser.email, sid }, app.jwtSecret, config.tokenTtlSeconds);
    reply.header('authentication', token).header('cache-control', 'no-store');
    return { status: 200, message: 'Login realizado com sucesso.', email: organiser.email };
  } });

  // Issue 23 item 2: 'Sair' ends the session on the server; the token stops answering at once.
  app.route({
    ...route(endpoints.logout),
    preHandler: app.requireOrganiser,
    handler: async (request, reply) => {
      await endSession(app.db, request.organiser!.sessionId);
      reply.header('cache-control', 'no-store');
      return { status: 200, message: 'Sessão encerrada.' };
    },
  });
};

export default authRoutes;
