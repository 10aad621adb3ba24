import PgBoss from 'pg-boss';
import type { Config } from '../config';

/**
 * A started pg-boss client in the app's job schema (`<DATABASE_SCHEMA>_jobs`), for a plugin's own
 * queues (issue 27's alerts and daily summary). Maintenance stays with the media queue's client
 * (`supervise: false`); `schedule` turns on pg-boss's cron timekeeper for a client that owns a
 * schedule. Its errors are logged as `<what> queue error`.
 */
export async function startJobClient(config: Config, log: { warn: (obj: object, msg: string) => void }, options: { what: string; max: number; schedule?: boolean }): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: config.databaseUrl!,
    schema: mediaJobsSchema(config.databaseSchema),
    max: options.max,
    schedule: options.schedule ?? false,
    supervise: false,
  });
  boss.on('error', (error: unknown) => log.warn({ err: error }, `${options.what} queue error`));
  await boss.start();
  return boss;
}

/** pg-boss keeps its tables in a schema of its own, next to the app's: `<DATABASE_SCHEMA>_jobs`, or `momentos_jobs`. */
export function mediaJobsSchema(databaseSchema: string | undefined): string {
  return `${databaseSchema ?? 'momentos'}_jobs`;
}
