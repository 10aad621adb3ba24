import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { Client } from 'pg';
import { run } from '../src/cli/organiser';
import { addOrganiser, expectError, login, startServer, usingPostgres } from './helpers';

/** The password as the prompt (or standard input) would give it. */
const typed = (password: string) => () => Promise.resolve(password);

describe('npm run organiser', () => {
  const saved = { ...process.env };
  let dataDir: string;
  let schema: string | undefined;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-cli-'));
    schema = usingPostgres() ? `test_${randomBytes(6).toString('hex')}` : undefined;
    process.env.DATA_DIR = dataDir;
    delete process.env.INIT_CWD;
    if (schema) process.env.DATABASE_SCHEMA = schema;
    // The CLI touches only the database; the S3 run's variables name no bucket for it.
    process.env.STORAGE_DRIVER = 'local';
  });
  afterEach(async () => {
    process.env = { ...saved };
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (schema) {
      const client = new Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  });

  test('add, list and passwd manage organisers that can then log in', async () => {
    const out: string[] = [];
    await run(['add', 'Ana@Example.com'], (line) => out.push(line), typed('primeira-senha'));
    await run(['list'], (line) => out.push(line));
    await run(['passwd', 'ana@example.com'], (line) => out.push(line), typed('segunda-senha'));
    expect(out[0]).toBe('Organizador ana@example.com criado.');
    expect(out[1]).toMatch(/^ana@example\.com\t/);
    expect(out[2]).toBe('Senha de ana@example.com atualizada.');

    const server = await startServer({ env: { DATA_DIR: dataDir, ...(schema ? { DATABASE_SCHEMA: schema } : {}) } });
    try {
      expect(await login(server, 'ana@example.com', 'segunda-senha')).toBeTruthy();
      const old = await fetch(`${server.url}/api/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ email: 'ana@example.com', password: 'primeira-senha' }),
      });
      await expectError(old, 401);
      await addOrganiser(server, 'rui@example.com');
    } finally {
      await server.close();
    }
  });

  test('refuses bad usage, duplicates, short passwords and unknown e-mails', async () => {
    const never = () => Promise.reject(new Error('the password was asked for'));
    await expect(run([])).rejects.toThrow(/Uso/);
    await expect(run(['add'], undefined, never)).rejects.toThrow(/Uso/);
    await expect(run(['add', 'not-an-email'], undefined, never)).rejects.toThrow(/E-mail inválido/);
    // Issue 23: a password in the arguments (visible in `ps`) is refused before anything is done.
    await expect(run(['add', 'ana@example.com', 'primeira-senha'], undefined, never)).rejects.toThrow(/não vai na linha de comando/);
    await expect(run(['passwd', 'ana@example.com', 'primeira-senha'], undefined, never)).rejects.toThrow(/não vai na linha de comando/);
    await expect(run(['add', 'ana@example.com'], undefined, typed('curta'))).rejects.toThrow(/8 caracteres/);
    await expect(run(['add', 'ana@example.com'], undefined, typed(''))).rejects.toThrow(/Senha vazia/);
    await run(['add', 'ana@example.com'], () => undefined, typed('primeira-senha'));
    await expect(run(['add', 'ANA@example.com'], undefined, typed('outra-senha-1'))).rejects.toThrow(/Já existe/);
    await expect(run(['passwd', 'rui@example.com'], undefined, typed('outra-senha-1'))).rejects.toThrow(/não encontrado/);
  });

  test('the real command reads the password from standard input, never from its arguments', async () => {
    const cli = path.join(__dirname, '..', 'src', 'cli', 'organiser.ts');
    const tsx = path.join(require.resolve('tsx/package.json'), '..', 'dist', 'cli.mjs');
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const added = spawnSync(process.execPath, [tsx, cli, 'add', 'bia@example.com'], { input: 'senha-pela-entrada\n', env, encoding: 'utf8' });
    expect(added.stderr).toBe('');
    expect(added.stdout).toBe('Organizador bia@example.com criado.\n');
    const refused = spawnSync(process.execPath, [tsx, cli, 'passwd', 'bia@example.com', 'senha-no-ps-123'], { input: '', env, encoding: 'utf8' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/não vai na linha de comando/);
    const server = await startServer({ env: { DATA_DIR: dataDir, ...(schema ? { DATABASE_SCHEMA: schema } : {}) } });
    try {
      expect(await login(server, 'bia@example.com', 'senha-pela-entrada')).toBeTruthy();
    } finally {
      await server.close();
    }
  });
});

describe('JSON parsing', () => {
  test('prototype poisoning is refused with 400', async () => {
    const server = await startServer();
    try {
      const response = await fetch(`${server.url}/api/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":"a@b.pt","password":"x","__proto__":{"admin":true}}',
      });
      await expectError(response, 400);
    } finally {
      await server.close();
    }
  });
});
