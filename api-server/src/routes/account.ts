import { endpoints } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import { accountMessages, changePassword, updateAccount } from '../services/account/account';
import { createResetLink, openResetLink, resetMessages, resetPassword } from '../services/account/password-reset';
import { LoginLimiter } from '../services/login-limiter';
import { dailySummarySwitchedOn } from '../services/notifications/daily-summary';
import { HttpError, messages } from '../errors';
import { passwordResetMail } from '../domain/mail/templates';
import { findNotificationSettings, saveNotificationSettings } from '../repositories/notifications';
import { findOrganiserById, normaliseEmail } from '../repositories/organisers';

/**
 * Issue 27 item 4: 'Esqueci minha senha' (a single-use link for one hour, by e-mail or, without
 * SMTP, in the server's log) and 'Minha conta' (name, e-mail, password).
 */
const accountRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  // Requests for links are limited like logins (per address and per e-mail), counted apart from them.
  const resetLimiter = new LoginLimiter(app.db, config.loginLimits, 'reset:');
  // A wrong current password on 'Minha conta' counts as a failed login.
  const loginLimiter = new LoginLimiter(app.db, config.loginLimits);
  /**
   * Reset links are e-mailed only with PUBLIC_URL: the link's origin must not come from the request
   * (a forged Host or Origin would send the victim a link to someone else's site).
   */
  const mails = app.mail.configured && Boolean(config.publicUrl);
  if (app.mail.configured && !config.publicUrl) app.log.warn('SMTP_URL is set but PUBLIC_URL is not: password-reset links are written to this log instead of e-mailed');

  app.route({ ...route(endpoints.forgotPassword), handler: async (request, reply) => {
    const email = normaliseEmail(request.body.email);
    const verdict = await resetLimiter.attempt(request.ip, email);
    if (verdict.blocked) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw new HttpError(429, resetMessages.tooMany);
    }
    const origin = config.publicUrl ?? `${request.protocol}://${request.host}`;
    const link = await createResetLink(app.db, email, origin);
    if (link) {
      if (mails) {
        // Sent after the answer: the time taken says nothing about whether the account exists.
        void app.mail.send(link.organiser.email, passwordResetMail({ name: link.organiser.name, url: link.url })).catch((error: unknown) => {
          app.log.error({ err: error }, 'password-reset e-mail not sent');
        });
      } else {
        // Without e-mail the administrator reads the link here and passes it on (README, 'E-mail').
        app.log.warn(`Link para redefinir a senha de ${link.organiser.email} (vale 1 hora, uso único): ${link.url}`);
      }
    }
    reply.header('cache-control', 'no-store');
    return { status: 200, message: mails ? resetMessages.sent : resetMessages.noMail, mail: mails };
  } });

  app.route({ ...route(endpoints.resetLink), handler: async (request, reply) => {
    const reset = await openResetLink(app.db, request.params.token);
    reply.header('cache-control', 'no-store');
    return { email: reset.email, expires_at: reset.expires_at };
  } });

  app.route({
    ...route(endpoints.resetPassword),
    handler: async (request, reply) => {
      const done = await resetPassword(app.db, request.params.token, request.body.password);
      // Every session ended: open sockets of the organiser close at their next check (issue 23's rechecks).
      app.fileAccess.invalidate();
      request.log.info({ ended_sessions: done.endedSessions }, 'password reset through a link');
      reply.header('cache-control', 'no-store');
      return { status: 200, message: resetMessages.done };
    },
  });

  const signedIn = { preHandler: app.requireOrganiser };

  app.route({ ...route(endpoints.account), ...signedIn, handler: async (request, reply) => {
    const organiser = await findOrganiserById(app.db, request.organiser!.id);
    if (!organiser) throw new HttpError(401, messages.unauthorized);
    reply.header('cache-control', 'no-store');
    return { id: organiser.id, name: organiser.name, email: organiser.email };
  } });

  app.route({ ...route(endpoints.updateAccount), ...signedIn, handler: async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return updateAccount(app.db, request.organiser!.id, request.body);
  } });

  // Issue 27 item 5: 'Notificações' (both off by default).
  app.route({ ...route(endpoints.notificationSettings), ...signedIn, handler: async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { ...(await findNotificationSettings(app.db, request.organiser!.id)), digest_hour: config.digestHour };
  } });

  app.route({ ...route(endpoints.saveNotificationSettings), ...signedIn, handler: async (request, reply) => {
    const before = await findNotificationSettings(app.db, request.organiser!.id);
    await saveNotificationSettings(app.db, request.organiser!.id, request.body);
    if (request.body.daily_summary && !before.daily_summary) await dailySummarySwitchedOn(app.db, request.organiser!.id);
    reply.header('cache-control', 'no-store');
    return { ...(await findNotificationSettings(app.db, request.organiser!.id)), digest_hour: config.digestHour };
  } });

  app.route({
    ...route(endpoints.changePassword),
    ...signedIn,
    handler: async (request, reply) => {
      const who = request.organiser!;
      const verdict = await loginLimiter.attempt(request.ip, who.email);
      if (verdict.blocked) {
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        throw new HttpError(429, messages.tooManyLogins);
      }
      const ended = await changePassword(app.db, who.id, who.sessionId, request.body.current_password, request.body.new_password);
      await loginLimiter.succeeded(request.ip, who.email);
      app.fileAccess.invalidate();
      reply.header('cache-control', 'no-store');
      return { status: 200, message: accountMessages.passwordChanged, ended_sessions: ended };
    },
  });
};

export default accountRoutes;
