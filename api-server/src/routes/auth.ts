import { answers, LoginAnswer, LoginInput } from '@momentos/api-contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import { LoginLimiter } from '../domain/login-limiter';
import { dummyPasswordHash, verifyPassword } from '../domain/password';
import { signToken } from '../domain/token';
import { HttpError, messages } from '../errors';
import { findOrganiserByEmail, normaliseEmail } from '../repositories/organisers';

const authRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const limiter = new LoginLimiter(app.db, config.loginLimits);

  app.post('/api/auth', { schema: { body: LoginInput, response: answers({ 200: LoginAnswer }) } }, async (request, reply) => {
    const email = normaliseEmail(request.body.email);
    // The client's address: X-Forwarded-For is read only from the proxies TRUST_PROXY names.
    const ip = request.ip;
    const verdict = await limiter.verdict(ip, email);
    if (verdict.blocked) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw new HttpError(429, messages.tooManyLogins);
    }

    const organiser = await findOrganiserByEmail(app.db, email);
    // Unknown e-mail and wrong password take the same path and give the same answer.
    const valid = await verifyPassword(request.body.password, organiser?.password_hash ?? (await dummyPasswordHash()));
    if (!organiser || !valid) {
      await limiter.recordFailure(ip, email);
      throw new HttpError(401, messages.badCredentials);
    }

    await limiter.recordSuccess(email);
    const token = signToken({ sub: organiser.id, email: organiser.email }, app.jwtSecret, config.tokenTtlSeconds);
    reply.header('authentication', token).header('cache-control', 'no-store');
    return { status: 200, message: 'Login realizado com sucesso.', email: organiser.email };
  });
};

export default authRoutes;
