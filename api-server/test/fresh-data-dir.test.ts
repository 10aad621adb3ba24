import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { run as organiserCli } from '../src/cli/organiser';
import { dropTestSchema, usingPostgres, usingS3 } from './helpers';
import { createBucket, deleteBucket, s3Env } from './s3';
import { spawnServer, waitHealthy, type ServerProcess } from './server-process';

jest.setTimeout(90_000);

// Issue 21: the README's `npm start` on a fresh clone, where `./data` does not exist yet. Every folder a
// user can point the server at (DATA_DIR is the only one it writes) is started from nothing here.
describe('a DATA_DIR that does not exist yet', () => {
  let root: string;
  let schema: string | undefined;
  let bucket: string | undefined;
  let env: Record<string, string>;
  let server: ServerProcess | null = null;

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-fresh-'));
    schema = usingPostgres() ? `test_${randomBytes(6).toString('hex')}` : undefined;
    env = {
      JWT_SECRET: `test-secret-${randomBytes(16).toString('hex')}`,
      MEDIA_CONCURRENCY: '1',
      ...(schema ? { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema } : {}),
      ...s3Env(),
    };
    bucket = usingS3() ? await createBucket(env) : undefined;
    if (bucket) env.S3_BUCKET = bucket;
  });
  afterEach(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    server = null;
    fs.rmSync(root, { recursive: true, force: true });
    if (schema) await dropTestSchema(schema);
    if (bucket) await deleteBucket(env, bucket);
  });

  test('the server makes it, with the folders under it, serves, says where things are and stops cleanly', async () => {
    const dataDir = path.join(root, 'srv', 'momentos', 'data');
    server = await spawnServer({ ...env, DATA_DIR: dataDir });
    await waitHealthy(server);

    expect(fs.statSync(dataDir).isDirectory()).toBe(true);
    expect(fs.statSync(path.join(dataDir, 'tmp')).isDirectory()).toBe(true);
    if (!usingS3()) expect(fs.statSync(path.join(dataDir, 'files')).isDirectory()).toBe(true);
    if (!usingPostgres()) expect(fs.existsSync(path.join(dataDir, 'momentos.sqlite'))).toBe(true);

    // What a newcomer reads in the terminal: the address, the data, and how to make the first organiser.
    const printed = server.output.join('');
    expect(printed).toContain(`Momentos no ar: abra http://localhost:${new URL(server.url).port}`);
    expect(printed).toContain(`Dados:          ${dataDir}`);
    expect(printed).toContain(usingPostgres() ? 'Banco de dados: PostgreSQL' : 'Banco de dados: SQLite');
    expect(printed).toContain(usingS3() ? `Arquivos:       S3 (bucket ${bucket}` : 'Arquivos:       disco local');
    expect(printed).toContain('Ainda não há organizador.');
    // Issue 27: the first account from the browser, with the code this start printed.
    expect(printed).toMatch(/ {2}Código de configuração: \d{3}-\d{3}\n/);
    expect(printed).toContain("escolha 'Criar a primeira conta'");
    expect(printed).not.toMatch(/:\/\/[^/\s]*:[^*@\s]+@/); // no database password

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  test('with an organiser the banner has no first-organiser hint', async () => {
    const dataDir = path.join(root, 'data');
    server = await spawnServer({ ...env, DATA_DIR: dataDir, ORGANISER_EMAIL: 'ana@example.com', ORGANISER_PASSWORD: 'senha-segura-123' });
    await waitHealthy(server);
    const printed = server.output.join('');
    expect(printed).toContain('Momentos no ar');
    expect(printed).not.toContain('Ainda não há organizador.');
    expect(printed).not.toContain('Código de configuração');
  });

  test('a DATA_DIR that cannot be made stops the start with one Portuguese line naming it', async () => {
    // A regular file where a folder should be: refused as root too (permission bits would not be).
    const blocker = path.join(root, 'arquivo');
    fs.writeFileSync(blocker, 'não sou uma pasta');
    const dataDir = path.join(blocker, 'data');
    server = await spawnServer({ ...env, DATA_DIR: dataDir });
    const { code } = await server.exited;
    expect(code).not.toBe(0);
    const lines = server.output.join('').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`DATA_DIR=${dataDir}`);
    expect(lines[0]).toMatch(/não foi possível criar a pasta ou escrever nela/);
    expect(lines[0]).not.toMatch(/\bat /);
  });

  test('npm run organiser works on a DATA_DIR that does not exist and names DATA_DIR when it cannot be made', async () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, env, { DATA_DIR: path.join(root, 'novo', 'data'), STORAGE_DRIVER: 'local', INIT_CWD: '' });
      const out: string[] = [];
      await organiserCli(['add', 'ana@example.com'], (line) => out.push(line), async () => 'senha-segura-123');
      expect(out).toEqual(['Organizador ana@example.com criado.']);
      if (!usingPostgres()) expect(fs.existsSync(path.join(root, 'novo', 'data', 'momentos.sqlite'))).toBe(true);

      fs.writeFileSync(path.join(root, 'arquivo'), '');
      process.env.DATA_DIR = path.join(root, 'arquivo', 'data');
      await expect(organiserCli(['list'])).rejects.toThrow(`DATA_DIR=${path.join(root, 'arquivo', 'data')}: não foi possível criar a pasta`);
    } finally {
      process.env = saved;
    }
  });
});
