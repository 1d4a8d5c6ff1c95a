import { TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { smtpTransport } from './mail/smtp.ts';
import { Mailer, outboxOnlyTransport } from './mail/transport.ts';
import { createStorage, type Storage } from './storage/storage.ts';

/** The parts services and job handlers use; built once by the HTTP server or the worker process. */
export interface Deps {
  config: Config;
  database: Database;
  tokens: TokenService;
  mailer: Mailer;
  storage: Storage;
}

export function createDeps(config: Config, database: Database): Deps {
  return {
    config,
    database,
    tokens: new TokenService(config.jwtSecret),
    mailer: new Mailer(
      config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : outboxOnlyTransport,
      outboxOnlyTransport,
    ),
    storage: createStorage(config),
  };
}
