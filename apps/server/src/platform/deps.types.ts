import type { TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './mail/mailer.types.ts';
import type { Storage } from './storage/storage.ts';

/**
 * The parts services and job handlers use; built once by the HTTP server or the worker process
 * (`createDeps`). Types only, so a module can name them without importing what builds them.
 */
export interface Deps {
  config: Config;
  database: Database;
  tokens: TokenService;
  mailer: Mailer;
  storage: Storage;
  /** The current instant for date rules (a project's today); tests inject a fixed one. */
  now: () => Date;
}
