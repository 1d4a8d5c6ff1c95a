import { TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { smsHttpTransport } from './mail/smsHttp.ts';
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
  /** The current instant for date rules (a project's today); tests inject a fixed one. */
  now: () => Date;
}

export function createDeps(config: Config, database: Database, now: () => Date = () => new Date()): Deps {
  return {
    config,
    database,
    tokens: new TokenService(config.jwtSecret),
    mailer: new Mailer(
      config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : outboxOnlyTransport,
      config.sms ? smsHttpTransport(config.sms) : outboxOnlyTransport,
    ),
    storage: createStorage(config),
    now,
  };
}
