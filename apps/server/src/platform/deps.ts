import { TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Deps } from './deps.types.ts';
import { smsHttpTransport } from './mail/smsHttp.ts';
import { smtpTransport } from './mail/smtp.ts';
import { OutboxMailer, outboxOnlyTransport } from './mail/transport.ts';
import { createStorage } from './storage/createStorage.ts';

export function createDeps(config: Config, database: Database, now: () => Date = () => new Date()): Deps {
  return {
    config,
    database,
    tokens: new TokenService(config.jwtSecret),
    mailer: new OutboxMailer(
      config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : outboxOnlyTransport,
      config.sms ? smsHttpTransport(config.sms) : outboxOnlyTransport,
    ),
    storage: createStorage(config),
    now,
  };
}
