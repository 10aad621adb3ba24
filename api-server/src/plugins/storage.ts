import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { LocalStorage, type Storage } from '../domain/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Local disk storage under DATA_DIR/files. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('storage', new LocalStorage(path.join(config.dataDir, 'files')) as Storage);
  },
  { name: 'storage' },
);
