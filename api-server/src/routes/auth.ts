import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import { LoginLimiter } from '../domain/login-limiter';
import { dummyPasswordHash, verifyPassword } from '../domain/password';
import { signToken } from '../domain/token';
import { HttpError, messages } from '../errors';
import { findOrganiserByEmail, normaliseEmail } from '../repositories/organisers';
import { errorResponse } from '../schemas/common';

const loginSchema = {
  body: {
    type: 'object',
    properties: {
      email: { type: 'string', minLength: 1, maxLength: 320 },
      password: { type: 'string', minLength: 1, maxLength: 1024 },
    },
    required: ['email', 'password'],
  },
  response: {
    200: {
      type: 'object',
      properties: { status: { type: 'integer' }, message: { type: 'string' }, email: { type: 'string' } },
    },
    '4xx': errorResponse,
  },
} as const;

const authRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const limiter = new LoginLimiter(app.db, config.loginLimits);

  app.post<{ Body: { email: string; password: string } }>('/api/auth', { schema: loginSchema }, async (request, reply) => {
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
