import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect } from 'kysely';
import { Client, Pool } from 'pg';
import type { Config } from '../config';
import { migrationProvider } from './migrations';
import { SqliteDatabase } from './sqlite-driver';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

async function ensureSchema(connectionString: string, schema: string): Promise<void> {
  const client = new Client({ connectionString });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } finally {
    await client.end();
  }
}

/** Opens the database (PostgreSQL when DATABASE_URL is set, else SQLite under DATA_DIR). */
export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'>): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const schema = config.databaseSchema;
    if (schema !== undefined) {
      if (!SCHEMA_NAME.test(schema)) throw new Error(`DATABASE_SCHEMA inválido: "${schema}"`);
      await ensureSchema(config.databaseUrl, schema);
    }
    const pool = new Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }

  fs.mkdirSync(config.dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(path.join(config.dataDir, 'momentos.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' };
}

/** Issue 23 (`npm run doctor`): the names of the migrations this database has not run yet. */
export async function pendingMigrations(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  let migrationTableSchema: string | undefined;
  if (dialect === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema ?? 'public';
  }
  const migrations = await new Migrator({ db, provider: migrationProvider, migrationTableSchema, allowUnorderedMigrations: true }).getMigrations();
  return migrations.filter((migration) => !migration.executedAt).map((migration) => migration.name);
}

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  // On PostgreSQL the migration tables are looked up in the current schema explicitly: Kysely's check
  // otherwise finds them in any schema of the database (another app or another test run).
  let migrationTableSchema: string | undefined;
  if (dialect === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema ?? 'public';
  }
  // Migrations are numbered per issue and land in any order (017 before 016, then 015): a database
  // that ran later numbers still takes an earlier one it has not run.
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Falha na migração ${failed?.migrationName ?? ''}: ${String(error)}`);
  }
}
