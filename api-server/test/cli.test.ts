import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { run } from '../src/cli/organiser';
import { addOrganiser, expectError, login, startServer, usingPostgres } from './helpers';

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
    await run(['add', 'Ana@Example.com', 'primeira-senha'], (line) => out.push(line));
    await run(['list'], (line) => out.push(line));
    await run(['passwd', 'ana@example.com', 'segunda-senha'], (line) => out.push(line));
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
    await expect(run([])).rejects.toThrow(/Uso/);
    await expect(run(['add', 'ana@example.com'])).rejects.toThrow(/Uso/);
    await expect(run(['add', 'not-an-email', 'primeira-senha'])).rejects.toThrow(/E-mail inválido/);
    await expect(run(['add', 'ana@example.com', 'curta'])).rejects.toThrow(/8 caracteres/);
    await run(['add', 'ana@example.com', 'primeira-senha'], () => undefined);
    await expect(run(['add', 'ANA@example.com', 'outra-senha-1'])).rejects.toThrow(/Já existe/);
    await expect(run(['passwd', 'rui@example.com', 'outra-senha-1'])).rejects.toThrow(/não encontrado/);
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
