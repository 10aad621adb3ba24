import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * Issue 27: a real SMTP server (npm smtp-server) started by a spec; the server under test sends to
 * it through SMTP_URL and the spec reads what arrived (parsed by mailparser).
 */
export interface SpecMailServer {
  url: string;
  waitFor(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startMailServer(): Promise<SpecMailServer> {
  const received: Array<{ to: string[]; parsed: ParsedMail }> = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'momentos' && auth.password === 'segredo-smtp') return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://momentos:segredo-smtp@127.0.0.1:${port}`,
    async waitFor(to, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((mail) => mail.to.includes(to));
        if (found) return found.parsed;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
