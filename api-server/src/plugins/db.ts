import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { migrateToLatest, openDatabase, type Dialect } from '../db/connection';
import type { Database } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbDialect: Dialect;
  }
}

/** Opens the database, runs the migrations and closes it with the server. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const { db, dialect } = await openDatabase(config);
    try {
      await migrateToLatest(db, dialect);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    app.decorate('db', db);
    app.decorate('dbDialect', dialect);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
    app.log.info({ dialect }, 'database ready');
  },
  { name: 'db' },
);
