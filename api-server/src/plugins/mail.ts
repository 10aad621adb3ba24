import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createMailer, type Mailer } from '../infra/mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 27: outgoing e-mail; `mail.configured` is false without SMTP_URL (the screens show links instead). */
    mail: Mailer;
  }
}

/** The mailer for the routes that send e-mail; its SMTP connections close with the server. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const mailer = createMailer(config.mail);
    app.decorate('mail', mailer);
    app.addHook('onClose', async () => mailer.close());
    app.log.info({ smtp: mailer.configured }, mailer.configured ? 'e-mail ready (SMTP_URL)' : 'e-mail off: SMTP_URL is not set, links are shown instead');
  },
  { name: 'mail' },
);
