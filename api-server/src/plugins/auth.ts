import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { dropSetupCodes, hasAnyOrganiser, storeSetupCode } from '../repositories/setup-codes';
import { newSetupCode, setupCodeHash } from '../domain/setup-code';
import { HttpError, messages } from '../errors';
import { createOrganiser, findOrganiserByEmail } from '../repositories/organisers';
import { organiserOfToken, type AuthenticatedOrganiser } from '../services/organiser-session';

declare module 'fastify' {
  interface FastifyInstance {
    jwtSecret: string;
    /** preHandler: refuses the request with 401 unless it carries a valid token of an existing organiser. */
    requireOrganiser: (request: FastifyRequest) => Promise<void>;
    /** The organiser of a valid token, or null (no token or an invalid one) for routes open to guests. */
    optionalOrganiser: (request: FastifyRequest) => Promise<AuthenticatedOrganiser | null>;
  }
  interface FastifyInstance {
    /** The one-time setup code this instance printed at start; null once an organiser exists at start. */
    setupCode: string | null;
  }
  interface FastifyRequest {
    organiser: AuthenticatedOrganiser | null;
  }
}

/** Codes printed by earlier starts stop working after a day. */
const SETUP_CODE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** JWT_SECRET, or a secret generated once and kept in DATA_DIR/jwt-secret. */
export function loadJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // generated below
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // Another process won the race: use its secret.
    return fs.readFileSync(file, 'utf8').trim();
  }
}

/** The raw `authentication` header, or `Authorization: Bearer <token>`. */
export function tokenFromRequest(request: FastifyRequest): string | null {
  const raw = request.headers.authentication;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value && value.trim()) return value.trim().replace(/^Bearer\s+/i, '');
  const authorization = request.headers.authorization;
  const bearer = authorization && /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  return bearer ? bearer[1] : null;
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const secret = loadJwtSecret(config);
    app.decorate('jwtSecret', secret);
    app.decorateRequest('organiser', null);

    async function identify(request: FastifyRequest): Promise<AuthenticatedOrganiser | null | 'invalid'> {
      const token = tokenFromRequest(request);
      if (!token) return null;
      return (await organiserOfToken(app.db, secret, token)) ?? 'invalid';
    }

    app.decorate('requireOrganiser', async (request: FastifyRequest) => {
      const who = await identify(request);
      if (who === null) throw new HttpError(401, messages.unauthorized);
      if (who === 'invalid') throw new HttpError(401, messages.invalidToken);
      request.organiser = who;
    });

    app.decorate('optionalOrganiser', async (request: FastifyRequest) => {
      const who = await identify(request);
      request.organiser = who === 'invalid' ? null : who;
      return request.organiser;
    });

    // ORGANISER_EMAIL / ORGANISER_PASSWORD create the first organiser when missing.
    if (config.organiserEmail && config.organiserPassword) {
      const existing = await findOrganiserByEmail(app.db, config.organiserEmail);
      if (!existing) {
        await createOrganiser(app.db, config.organiserEmail, config.organiserPassword);
        app.log.info({ email: config.organiserEmail }, 'organiser created from ORGANISER_EMAIL');
      }
    } else if (config.organiserEmail || config.organiserPassword) {
      app.log.warn('ORGANISER_EMAIL and ORGANISER_PASSWORD must both be set to create an organiser');
    }

    // Issue 27: while no organiser exists, a one-time code printed here lets the first one sign up
    // from the browser. Each instance prints its own; any of them works until the first organiser.
    app.decorate('setupCode', null as string | null);
    if (await hasAnyOrganiser(app.db)) {
      await dropSetupCodes(app.db);
    } else {
      await dropSetupCodes(app.db, new Date(Date.now() - SETUP_CODE_MAX_AGE_MS));
      const code = newSetupCode();
      await storeSetupCode(app.db, setupCodeHash(code)!);
      app.setupCode = code;
      app.log.warn({ setupCode: code }, `Código de configuração: ${code} (abra o Momentos no navegador e crie a primeira conta com ele)`);
    }
  },
  { name: 'auth', dependencies: ['db'] },
);
