import type { Config } from '../config.ts';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

/** The configured driver. Apart from `storage.ts` (what the drivers implement), so the drivers never import it. */
export function createStorage(config: Config): Storage {
  if (config.storage.driver === 's3') return new S3Storage(config.storage);
  return new LocalStorage(config.storage.dir, config.jwtSecret);
}
