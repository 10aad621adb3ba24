import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteDatabase } from '../../db/sqlite-driver';
import { Client } from 'pg';
import { findExecutable, type Config } from '../../config';
import { photoFileColumns } from '../../domain/files';
import { BackupError, hashFile, type DatabaseSection } from './manifest';

/** The SQLite file of DATA_DIR (db/connection.ts). */
export const SQLITE_FILE = 'momentos.sqlite';
const SQLITE_DUMP = 'database.sqlite';
const POSTGRES_DUMP = 'database.pgdump';

/** Every table of the copy is counted, whatever the migrations have added (the migrator's own included). */
const SQLITE_TABLES = "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name";
const POSTGRES_TABLES = "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name";

/**
 * Storage keys the database names: event images and every file of a photo (its original and each
 * rendition, `photoFileColumns`: the phone copy of issue 29 too), so a backup reports any of them missing.
 */
const REFERENCED_KEYS = [
  'select image_path as key from events where image_path is not null',
  ...photoFileColumns.map((column) => `select ${column} from photos where ${column} is not null`),
].join('\n  union ');

/** What a consistent copy of the database tells about itself. */
export interface DatabaseCopy {
  section: DatabaseSection;
  referencedKeys: string[];
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A PostgreSQL client program (pg_dump, pg_restore): on PATH, else the newest of Debian's
 * /usr/lib/postgresql/<version>/bin.
 */
export function findPostgresTool(name: 'pg_dump' | 'pg_restore', envPath = process.env.PATH): string {
  const onPath = findExecutable(name, envPath);
  if (onPath) return onPath;
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((version) => /^\d+(\.\d+)?$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const candidate = path.join(base, version, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new BackupError(`${name} não foi encontrado (nem no PATH nem em ${base}/*/bin): instale o cliente do PostgreSQL (apt-get install postgresql-client).`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (piece: Buffer) => (out += piece.toString()));
    child.stderr.on('data', (piece: Buffer) => (err += piece.toString()));
    child.on('error', (error) => reject(new BackupError(`${path.basename(command)} não pôde ser executado: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new BackupError(`${path.basename(command)} falhou (código ${code}): ${err.trim() || out.trim()}`));
    });
  });
}

/** SQLite: the online backup API (consistent while the server writes), then counts read from the copy. */
async function copySqlite(dataDir: string, target: string): Promise<DatabaseCopy> {
  const live = path.join(dataDir, SQLITE_FILE);
  if (!fs.existsSync(live)) throw new BackupError(`Nenhum banco SQLite em ${live}: DATA_DIR aponta para os dados do servidor?`);
  const source = new SqliteDatabase(live, { readonly: true, fileMustExist: true });
  try {
    await source.backup(path.join(target, SQLITE_DUMP));
  } finally {
    source.close();
  }
  const copy = new SqliteDatabase(path.join(target, SQLITE_DUMP), { readonly: true, fileMustExist: true });
  try {
    const tables = (copy.prepare(SQLITE_TABLES).all() as Array<{ name: string }>).map((row) => row.name);
    const rows = Object.fromEntries(tables.map((table) => [table, (copy.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n]));
    const referencedKeys = (copy.prepare(REFERENCED_KEYS).all() as Array<{ key: string }>).map((row) => row.key);
    const hashed = await hashFile(path.join(target, SQLITE_DUMP));
    return { section: { dialect: 'sqlite', file: { path: SQLITE_DUMP, ...hashed }, rows }, referencedKeys };
  } finally {
    copy.close();
  }
}

/**
 * PostgreSQL: pg_dump of the app's schema in the snapshot of an open transaction, so that the row
 * counts and the keys read here are exactly what the archive holds.
 */
async function copyPostgres(config: Config, target: string): Promise<DatabaseCopy> {
  const schema = config.databaseSchema ?? 'public';
  if (!SCHEMA_NAME.test(schema)) throw new BackupError(`DATABASE_SCHEMA inválido: "${schema}"`);
  const pgDump = findPostgresTool('pg_dump');
  const client = new Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`set local search_path to "${schema}"`);
    const { rows: snapshotRows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const rows: Record<string, number> = {};
    for (const { name: table } of (await client.query<{ name: string }>(POSTGRES_TABLES)).rows) {
      rows[table] = Number((await client.query<{ n: string }>(`select count(*) as n from "${table}"`)).rows[0].n);
    }
    const referencedKeys = (await client.query<{ key: string }>(REFERENCED_KEYS)).rows.map((row) => row.key);
    const file = path.join(target, POSTGRES_DUMP);
    await run(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshotRows[0].snapshot}`, `--schema=${schema}`, `--file=${file}`, `--dbname=${config.databaseUrl}`]);
    const tool = (await run(pgDump, ['--version'])).trim();
    await client.query('commit');
    return { section: { dialect: 'postgres', file: { path: POSTGRES_DUMP, ...(await hashFile(file)) }, schema, tool, rows }, referencedKeys };
  } finally {
    await client.end();
  }
}

export function copyDatabase(config: Config, target: string): Promise<DatabaseCopy> {
  return config.databaseUrl ? copyPostgres(config, target) : copySqlite(config.dataDir, target);
}

async function tablesIn(client: Client, schema: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>('select table_name as name from information_schema.tables where table_schema = $1', [schema]);
  return rows.map((row) => row.name);
}

/** Refuses a PostgreSQL target that already holds tables (the restore goes into an empty schema only). */
export async function assertEmptyPostgres(config: Config, section: DatabaseSection): Promise<void> {
  const target = config.databaseSchema ?? 'public';
  const source = section.schema ?? 'public';
  const client = new Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const existing = await tablesIn(client, target);
    if (existing.length > 0) {
      throw new BackupError(`O esquema "${target}" do PostgreSQL não está vazio (${existing.length} tabela(s)): a restauração só escreve num esquema vazio. Use outro DATABASE_SCHEMA ou esvazie este.`);
    }
    if (source !== target) {
      if (target === 'public') throw new BackupError(`A cópia é do esquema "${source}": restaure com DATABASE_SCHEMA=${source} (ou outro nome de esquema), não em public.`);
      const { rows } = await client.query('select 1 from information_schema.schemata where schema_name = $1', [source]);
      if (rows.length > 0) {
        throw new BackupError(`O esquema "${source}" (de onde a cópia veio) já existe neste banco: a restauração o recria e depois o renomeia para "${target}". Remova-o ou restaure noutro banco.`);
      }
    }
  } finally {
    await client.end();
  }
}

/** Brings the database back: the SQLite file into DATA_DIR, or pg_restore into the (empty) schema. */
export async function restoreDatabase(config: Config, backupDir: string, section: DatabaseSection): Promise<void> {
  const dump = path.join(backupDir, section.file.path);
  if (section.dialect === 'sqlite') {
    if (config.databaseUrl) throw new BackupError('A cópia é de um banco SQLite, mas DATABASE_URL aponta para um PostgreSQL: restaure sem DATABASE_URL.');
    await fs.promises.copyFile(dump, path.join(config.dataDir, SQLITE_FILE), fs.constants.COPYFILE_EXCL);
    return;
  }
  if (!config.databaseUrl) throw new BackupError('A cópia é de um PostgreSQL: defina DATABASE_URL (e DATABASE_SCHEMA) do banco de destino.');
  const target = config.databaseSchema ?? 'public';
  const source = section.schema ?? 'public';
  if (!SCHEMA_NAME.test(target) || !SCHEMA_NAME.test(source)) throw new BackupError(`Nome de esquema inválido: "${target}" / "${source}"`);
  await assertEmptyPostgres(config, section);
  const client = new Client({ connectionString: config.databaseUrl });
  await client.connect();
  const listFile = path.join(os.tmpdir(), `momentos-restore-${process.pid}-${Date.now()}.list`);
  try {
    // The schema is made here, not by the archive (whose CREATE SCHEMA fails on public, which always
    // exists, or on an empty schema made in advance): its entry is left out of the restore list.
    const pgRestore = findPostgresTool('pg_restore');
    const contents = (await run(pgRestore, ['--list', dump])).split('\n');
    const schemaEntry = new RegExp(`^\\d+; \\d+ \\d+ SCHEMA - ${source} `);
    await fs.promises.writeFile(listFile, contents.filter((line) => !schemaEntry.test(line)).join('\n'));
    if (source !== target) await client.query(`drop schema if exists "${target}"`);
    await client.query(`create schema if not exists "${source}"`);
    await run(pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', `--use-list=${listFile}`, `--dbname=${config.databaseUrl}`, dump]);
    if (source !== target) await client.query(`alter schema "${source}" rename to "${target}"`);
  } finally {
    await fs.promises.rm(listFile, { force: true });
    await client.end();
  }
}
