import { loadConfig, ConfigError } from '../src/config';
import { addOrganiser, createEvent, expectError, login, startServer, type TestServer } from './helpers';
import { startMailServer, type TestMailServer } from './mail-server';

// Issue 27 items 3 and 4: e-mail through a real SMTP server, 'Esqueci minha senha' and 'Minha conta'.

const json = (body: unknown, token?: string) => ({
  headers: { 'content-type': 'application/json', ...(token ? { authentication: token } : {}) },
  body: JSON.stringify(body),
});

const tokenOf = (url: string) => url.split('/redefinir-senha/')[1];

describe('configuration', () => {
  test('SMTP_URL must be an smtp:// or smtps:// URL; MAIL_FROM defaults to the public host', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL inválido/);
    const config = loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465', PUBLIC_URL: 'https://fotos.example.com' });
    expect(config.mail).toEqual({ smtpUrl: 'smtps://u:p@smtp.example.com:465', from: 'Momentos <nao-responda@fotos.example.com>' });
    expect(loadConfig({ MAIL_FROM: 'Ana <ana@example.com>' }).mail).toEqual({ smtpUrl: undefined, from: 'Ana <ana@example.com>' });
  });
});

describe('with SMTP (a real smtp-server in the test)', () => {
  let mail: TestMailServer;
  let server: TestServer;
  beforeAll(async () => {
    mail = await startMailServer();
    server = await startServer({ env: { SMTP_URL: mail.url, MAIL_FROM: 'Momentos <fotos@example.com>', PUBLIC_URL: 'https://fotos.example.com', LOGIN_MAX_FAILURES_PER_EMAIL: '3' } });
  });
  afterAll(async () => {
    await server.close();
    await mail.close();
  });

  const forgot = (email: string) => fetch(`${server.url}/api/auth/forgot`, { method: 'POST', ...json({ email }) });

  test('a team invite with an address goes by e-mail too, in Portuguese text and HTML; the link is still answered', async () => {
    const ana = await addOrganiser(server, 'ana-convite@example.com');
    const token = await login(server, ana.email, ana.password);
    const event = await createEvent(server, token, { name: 'Casamento Ana & Leo' });
    const answer = await fetch(`${server.url}/api/events/${event.id}/team/invites`, { method: 'POST', ...json({ role: 'moderator', email: 'Rui@Example.com' }, token) });
    expect(answer.status).toBe(201);
    const invite = (await answer.json()) as { url: string; emailed: boolean; email: string };
    expect(invite).toMatchObject({ emailed: true, email: 'rui@example.com' });
    expect(invite.url).toMatch(/^https:\/\/fotos\.example\.com\/equipe\/[A-Za-z0-9_-]+$/);

    const received = await mail.waitFor('rui@example.com');
    expect(received.from).toBe('fotos@example.com');
    expect(received.parsed.subject).toBe('Convite para a equipe de Casamento Ana & Leo');
    expect(received.parsed.text).toContain('como Moderador');
    expect(received.parsed.text).toContain(invite.url);
    // The event's name is escaped in the HTML; the link is the button's.
    expect(received.parsed.html).toContain('Casamento Ana &amp; Leo');
    expect(received.parsed.html).toContain(`href="${invite.url}"`);
    expect(received.parsed.html).toContain('lang="pt-BR"');
  });

  test("'Esqueci minha senha': the same answer for any e-mail; the link arrives, works once, ends every session", async () => {
    const bia = await addOrganiser(server, 'bia@example.com');
    const phone = await login(server, bia.email, bia.password);
    const laptop = await login(server, bia.email, bia.password);

    const known = await forgot('  BIA@example.com ');
    const unknown = await forgot('ninguem@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const knownBody = await known.json();
    expect(knownBody).toEqual(await unknown.json());
    expect(knownBody).toEqual({ status: 200, message: expect.stringContaining('Se houver uma conta com este e-mail'), mail: true });

    const received = await mail.waitFor('bia@example.com');
    expect(received.parsed.subject).toBe('Redefinir sua senha do Momentos');
    const url = /https:\/\/fotos\.example\.com\/redefinir-senha\/[A-Za-z0-9_-]+/.exec(received.parsed.text ?? '')![0];
    expect(received.parsed.text).toContain('vale por 1 hora');
    expect(received.parsed.html).toContain(`href="${url}"`);
    // Nothing was sent to the address without an account.
    expect(mail.received.some((m) => m.to.includes('ninguem@example.com'))).toBe(false);
    // The token is stored only as its hash.
    const rows = await server.app.db.selectFrom('password_resets').selectAll().execute();
    expect(rows.some((row) => row.token_hash === tokenOf(url))).toBe(false);

    const token = tokenOf(url);
    const state = await fetch(`${server.url}/api/auth/reset/${token}`);
    expect(state.status).toBe(200);
    expect(await state.json()).toEqual({ email: 'bia@example.com', expires_at: expect.any(String) });

    await expectError(await fetch(`${server.url}/api/auth/reset/${token}`, { method: 'POST', ...json({ password: 'curta' }) }), 400);
    const reset = await fetch(`${server.url}/api/auth/reset/${token}`, { method: 'POST', ...json({ password: 'nova-senha-da-bia' }) });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ status: 200, message: 'Senha redefinida. Entre com a nova senha.' });

    // Every session ended; the old password no longer works, the new one does.
    await expectError(await fetch(`${server.url}/api/events`, { headers: { authentication: phone } }), 401);
    await expectError(await fetch(`${server.url}/api/events`, { headers: { authentication: laptop } }), 401);
    await expectError(await fetch(`${server.url}/api/auth`, { method: 'POST', ...json({ email: bia.email, password: bia.password }) }), 401);
    await login(server, bia.email, 'nova-senha-da-bia');

    // Single use.
    const again = await expectError(await fetch(`${server.url}/api/auth/reset/${token}`, { method: 'POST', ...json({ password: 'outra-senha-da-bia' }) }), 404);
    expect(again.message).toContain('não é mais válido');
    await expectError(await fetch(`${server.url}/api/auth/reset/${token}`), 404);
  });

  test('a link expires after one hour', async () => {
    const caio = await addOrganiser(server, 'caio@example.com');
    await forgot(caio.email);
    const first = tokenOf(/\S+\/redefinir-senha\/[A-Za-z0-9_-]+/.exec((await mail.waitFor(caio.email)).parsed.text ?? '')![0]);
    const row = await server.app.db.selectFrom('password_resets').select(['created_at', 'expires_at']).where('organiser_id', '=', caio.id).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60 * 1000);
    await server.app.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('organiser_id', '=', caio.id).execute();
    await expectError(await fetch(`${server.url}/api/auth/reset/${first}`, { method: 'POST', ...json({ password: 'senha-nova-caio' }) }), 404);
    await login(server, caio.email, caio.password);
  });

  test('requests for links are limited like logins (per e-mail), apart from the login count', async () => {
    const dani = await addOrganiser(server, 'dani@example.com');
    for (let i = 0; i < 3; i++) expect((await forgot(dani.email)).status).toBe(200);
    const refused = await expectError(await forgot(dani.email), 429);
    expect(refused.message).toContain('Muitas tentativas');
    // Logging in is not blocked by the reset requests.
    await login(server, dani.email, dani.password);
  });
});

describe('without SMTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  test("'Esqueci minha senha' says to ask the administrator and the link is written to the server's log", async () => {
    const eva = await addOrganiser(server, 'eva@example.com');
    const warn = jest.spyOn(server.app.log, 'warn');
    try {
      const answer = await fetch(`${server.url}/api/auth/forgot`, { method: 'POST', ...json({ email: eva.email }) });
      expect(await answer.json()).toEqual({ status: 200, message: expect.stringContaining('administrador do servidor'), mail: false });
      const line = warn.mock.calls.map((call) => String(call[0])).find((text) => text.includes('/redefinir-senha/'));
      expect(line).toMatch(new RegExp(`^Link para redefinir a senha de eva@example\\.com .*${server.url.replace(/[.:/]/g, '\\$&')}/redefinir-senha/[A-Za-z0-9_-]{43}$`));
      const token = tokenOf(line!.split(' ').pop()!);
      expect((await fetch(`${server.url}/api/auth/reset/${token}`, { method: 'POST', ...json({ password: 'senha-nova-eva' }) })).status).toBe(200);
      await login(server, eva.email, 'senha-nova-eva');
    } finally {
      warn.mockRestore();
    }
  });

  test('a team invite with an address answers emailed: false and the link to copy', async () => {
    const fabi = await addOrganiser(server, 'fabi@example.com');
    const token = await login(server, fabi.email, fabi.password);
    const event = await createEvent(server, token);
    const answer = await fetch(`${server.url}/api/events/${event.id}/team/invites`, { method: 'POST', ...json({ role: 'coorganiser', email: 'gabi@example.com' }, token) });
    expect(await answer.json()).toMatchObject({ emailed: false, url: expect.stringContaining('/equipe/') });
  });

  describe("'Minha conta'", () => {
    test('reads and saves the name; a new e-mail needs the current password and must be free', async () => {
      const hugo = await addOrganiser(server, 'hugo@example.com');
      await addOrganiser(server, 'ocupado@example.com');
      const token = await login(server, hugo.email, hugo.password);
      const me = await fetch(`${server.url}/api/account`, { headers: { authentication: token } });
      expect(await me.json()).toEqual({ id: hugo.id, name: '', email: 'hugo@example.com' });

      const put = (body: unknown) => fetch(`${server.url}/api/account`, { method: 'PUT', ...json(body, token) });
      expect(await (await put({ name: ' Hugo Souza ', email: 'hugo@example.com' })).json()).toEqual({ id: hugo.id, name: 'Hugo Souza', email: 'hugo@example.com' });
      expect((await expectError(await put({ name: 'Hugo', email: 'hugo2@example.com' }), 400)).message).toBe('Para trocar o e-mail, informe sua senha atual.');
      expect((await expectError(await put({ name: 'Hugo', email: 'hugo2@example.com', current_password: 'errada-123' }), 403)).message).toBe('Senha atual incorreta.');
      expect((await expectError(await put({ name: 'Hugo', email: 'ocupado@example.com', current_password: hugo.password }), 409)).message).toBe('Já existe uma conta com este e-mail.');
      await expectError(await put({ name: 'Hugo', email: 'sem-arroba' }), 400);
      await expectError(await put({ name: '   ', email: 'hugo@example.com' }), 400);
      expect(await (await put({ name: 'Hugo', email: 'Hugo2@Example.com', current_password: hugo.password })).json()).toEqual({ id: hugo.id, name: 'Hugo', email: 'hugo2@example.com' });
      await login(server, 'hugo2@example.com', hugo.password);
      await expectError(await fetch(`${server.url}/api/account`), 401);
    });

    test('a password change checks the current one and ends the other sessions, not this one', async () => {
      const ivo = await addOrganiser(server, 'ivo@example.com');
      const here = await login(server, ivo.email, ivo.password);
      const other = await login(server, ivo.email, ivo.password);
      const change = (body: unknown) => fetch(`${server.url}/api/account/password`, { method: 'PUT', ...json(body, here) });
      expect((await expectError(await change({ current_password: 'errada-123', new_password: 'senha-nova-ivo' }), 403)).message).toBe('Senha atual incorreta.');
      await expectError(await change({ current_password: ivo.password, new_password: 'curta' }), 400);
      const done = await change({ current_password: ivo.password, new_password: 'senha-nova-ivo' });
      expect(await done.json()).toEqual({ status: 200, message: 'Senha alterada. As outras sessões da sua conta foram encerradas.', ended_sessions: 1 });
      expect((await fetch(`${server.url}/api/events`, { headers: { authentication: here } })).status).toBe(200);
      await expectError(await fetch(`${server.url}/api/events`, { headers: { authentication: other } }), 401);
      await login(server, ivo.email, 'senha-nova-ivo');
    });
  });
});
