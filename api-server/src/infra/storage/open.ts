import path from 'node:path';
import type { Config } from '../../config';
import type { Storage } from './index';
import { LocalStorage } from './local';
import { S3Storage, type S3Log } from './s3';

/** The configured driver (STORAGE_DRIVER), not yet checked: call `check()` before serving. */
export function openStorage(config: Pick<Config, 'dataDir' | 'storage'>, log?: S3Log): Storage {
  if (config.storage.driver === 's3') return new S3Storage(config.storage.s3!, { minPartBytes: config.storage.s3!.minPartBytes }, log);
  return new LocalStorage(path.join(config.dataDir, 'files'));
}
