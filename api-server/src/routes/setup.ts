import { endpoints } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import { LoginLimiter } from '../services/login-limiter';
import { setupCodeHash } from '../domain/setup-code';
import { signToken } from '../domain/token';
import { HttpError } from '../errors';
import { createSession } from '../repositories/organiser-sessions';
import { createOrganiser, EMAIL_PATTERN, normaliseEmail } from '../repositories/organisers';
import { claimFirstOrganiser, dropSetupCodes, hasAnyOrganiser, takeSetupCode } from '../repositories/setup-codes';

export const setupMessages = {
  done: 'Já existe uma conta de organizador. Entre com seu e-mail e senha.',
  wrongCode: 'Código de configuração incorreto. Use o código mostrado no registro (log) do servidor ao iniciar.',
  invalidEmail: 'Por favor, informe um e-mail válido',
  created: 'Conta criada com sucesso.',
  tooMany: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
} as const;

/** The key the setup attempts are counted under, besides the client's address (like a login's e-mail). */
const SETUP_KEY = '#setup';

/** Issue 27: the first organiser from the browser, with the code the server printed at start. */
const setupRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const limiter = new LoginLimiter(app.db, config.loginLimits);

  app.route({ ...route(endpoints.setupState), handler: async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { needed: !(await hasAnyOrganiser(app.db)) };
  } });

  app.route({ ...route(endpoints.createFirstAccount), handler: async (request, reply) => {
    if (await hasAnyOrganiser(app.db)) throw new HttpError(409, setupMessages.done);
    const ip = request.ip;
    // Counted before it is judged (issue 23's limiter): a right code gives the attempt back.
    const verdict = await limiter.attempt(ip, SETUP_KEY);
    if (verdict.blocked) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw new HttpError(429, setupMessages.tooMany);
    }
    const email = normaliseEmail(request.body.email);
    if (!EMAIL_PATTERN.test(email)) throw new HttpError(400, setupMessages.invalidEmail);
    const name = request.body.name.trim();
    if (!name) throw new HttpError(400, 'Por favor, informe seu nome.');
    const codeHash = setupCodeHash(request.body.code);

    const created = await app.db
      .transaction()
      .execute(async (trx) => {
        if (!codeHash || !(await takeSetupCode(trx, codeHash))) return null;
        await claimFirstOrganiser(trx);
        const organiser = await createOrganiser(trx, email, request.body.password, name);
        const sid = await createSession(trx, organiser.id, config.tokenTtlSeconds);
        return { organiser, sid };
      })
      .catch(async (error: unknown) => {
        // Another request made the first organiser at the same moment (the claim conflicted).
        if (await hasAnyOrganiser(app.db)) throw new HttpError(409, setupMessages.done);
        throw error;
      });
    if (!created) throw new HttpError(403, setupMessages.wrongCode);
    await limiter.succeeded(ip, SETUP_KEY);
    // The first organiser exists: every other code ends with it.
    await dropSetupCodes(app.db);
    app.log.info('first organiser created from the browser');
    const { organiser, sid } = created;
    const token = signToken({ sub: organiser.id, email: organiser.email, sid }, app.jwtSecret, config.tokenTtlSeconds);
    reply.code(201).header('authentication', token).header('cache-control', 'no-store');
    return { status: 201, message: setupMessages.created, email: organiser.email, name: organiser.name };
  } });
};

export default setupRoutes;
