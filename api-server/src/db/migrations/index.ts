import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './001-initial';

/** Migrations are imported statically so they work from src (tsx, jest) and from dist alike. */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
