import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { LocalStorage, type Storage } from '../domain/storage';
import { TempArea } from '../domain/temp-area';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    temp: TempArea;
  }
}

/** Local disk storage under DATA_DIR/files; files being written under DATA_DIR/tmp. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('storage', new LocalStorage(path.join(config.dataDir, 'files')) as Storage);
    const temp = new TempArea(path.join(config.dataDir, 'tmp'));
    // Uploads and thumbnails cut short by a crash are never resumed: remove what they left.
    const removed = (await temp.sweep('uploads')) + (await temp.sweep('media'));
    if (removed > 0) app.log.info({ removed }, 'removed temporary leftovers');
    app.decorate('temp', temp);
  },
  { name: 'storage' },
);
