import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Storage } from '../infra/storage';
import { openStorage } from '../infra/storage/open';
import { openStaging, type Staging } from '../infra/storage/staging';
import { TempArea } from '../infra/temp-area';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    temp: TempArea;
    /** Issue 24: how a guest's bytes enter storage, one request or chunked, whatever the driver. */
    staging: Staging;
  }
}

/**
 * The storage driver (local disk under DATA_DIR/files, or an S3 bucket), checked before the server
 * starts: a missing bucket or refused credentials stop it with a message naming the variable.
 * Files being written live under DATA_DIR/tmp whatever the driver.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const storage = openStorage(config, app.log);
    try {
      await storage.check();
    } catch (error) {
      await storage.close();
      throw error;
    }
    app.decorate('storage', storage);
    app.addHook('onClose', async () => {
      await storage.close();
    });
    const temp = new TempArea(path.join(config.dataDir, 'tmp'));
    // Uploads and thumbnails cut short by a crash are never resumed: remove what they left.
    const removed = (await temp.sweep('uploads')) + (await temp.sweep('media'));
    if (removed > 0) app.log.info({ removed }, 'removed temporary leftovers');
    app.decorate('temp', temp);
    app.decorate('staging', openStaging(storage, temp));
    app.log.info({ driver: storage.driver, ...(config.storage.s3 ? { bucket: config.storage.s3.bucket, endpoint: config.storage.s3.endpoint ?? 'aws' } : {}) }, 'storage ready');
  },
  { name: 'storage' },
);
