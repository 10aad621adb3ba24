import nodemailer, { type Transporter } from 'nodemailer';
import type { MailConfig } from '../../config';
import type { MailMessage } from '../../domain/mail/templates';

/**
 * Issue 27: outgoing e-mail, infrastructure only (no domain rules here). With SMTP_URL a nodemailer
 * transport sends plain text and HTML; without it nothing is sent and `configured` is false, so the
 * screens show the link to copy instead.
 */
export interface Mailer {
  readonly configured: boolean;
  /** Sends one message; rejects when the SMTP server refuses it or cannot be reached. */
  send(to: string, message: MailMessage): Promise<void>;
  close(): void;
}

/** How long a connection, greeting or socket may hang before the send fails (a dead SMTP server must not hold a request). */
const SMTP_TIMEOUT_MS = 15_000;

export function createMailer(config: MailConfig): Mailer {
  if (!config.smtpUrl) {
    return {
      configured: false,
      send: () => Promise.reject(new Error('SMTP_URL não configurado')),
      close: () => undefined,
    };
  }
  const transport: Transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    configured: true,
    async send(to, message) {
      await transport.sendMail({ from: config.from, to, subject: message.subject, text: message.text, html: message.html });
    },
    close: () => transport.close(),
  };
}
