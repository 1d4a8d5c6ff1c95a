import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, type ZodTypeProvider } from '@fastify/type-provider-zod';
import Fastify from 'fastify';
import { registerModules } from './modules/index.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import { createDeps } from './platform/deps.ts';
import type { App } from './platform/http/app.types.ts';
import { registerAuth } from './platform/http/authHook.ts';
import { validatorCompiler } from './platform/http/bodyValidator.ts';
import { registerErrorHandler } from './platform/http/errorHandler.ts';
import { logHooks } from './platform/http/logHooks.ts';
import { registerRequestBudget } from './platform/http/requestBudget.ts';
import { registerWebsocket } from './platform/http/websocket.ts';
import { zodParseSerializer } from './platform/http/zodParseSerializer.ts';
import { fastifyTrustProxy } from './platform/trustProxy.ts';

export type { App };

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** The clock date rules read (a project's today); tests inject a fixed one. */
  now?: () => Date;
}

export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  now = () => new Date(),
}: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          ...(logStream ? { stream: logStream } : {}),
          hooks: logHooks,
          redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        }
      : false,
    // Off unless configured: otherwise any client picks its own address (rate limits, audit) with X-Forwarded-For.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Our own ids, unique across processes; a client's X-Request-Id is not trusted. Every log line about
    // a request carries it (`reqId`), and so does every error body and the `x-request-id` header.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 10 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Responses are checked with zod's compiled `parse` (several times faster than `encode` on large lists).
  app.setSerializerCompiler(zodParseSerializer);

  const deps = createDeps(config, database, now);
  app.decorate('deps', deps);

  await app.register(fastifyCookie);
  // Structure and inspection lists of large projects are tens of MB of JSON; gzip shrinks them ~10×. Below
  // 8 KiB the bytes saved are not worth a zlib stream per answer: gzip of a 3.6 kB project list was ~8 % of
  // the server's CPU under 50 connections.
  await app.register(fastifyCompress, { global: true, threshold: 8 * 1024, encodings: ['gzip', 'deflate'] });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Linewalker API',
        version: '1.0.0',
        description: 'Drone inspection project management.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandler(app);
  // Before the budget and auth hooks: they see an upgrade marked as one (`req.ws`).
  await registerWebsocket(app);
  registerRequestBudget(app, config.requestBudgetMs);
  registerAuth(app, database.db, deps.tokens);
  await app.register(registerModules, { prefix: '/api/v1' });
  await registerWeb(app, config);
  return app;
}

/** Serves the built web app with a single-page fallback; API paths keep their JSON 404. */
async function registerWeb(app: App, config: Config): Promise<void> {
  const dist = config.webDist ?? join(import.meta.dirname, '../../web/dist');
  if (!existsSync(join(dist, 'index.html'))) return;
  // The build writes `.gz` copies of its larger files (apps/web/precompress.ts): sent as they are, they spare
  // the server compressing every script again for every page load.
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, preCompressed: true });
  app.get('/*', { schema: { hide: true } }, (req, reply) => {
    if (req.url.startsWith('/api/')) {
      return reply.callNotFound();
    }
    const path = req.url.split('?')[0]!;
    if (/\.[a-z0-9]+$/i.test(path)) {
      return reply.sendFile(path.slice(1), { maxAge: path.startsWith('/assets/') ? '365d' : 0 });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
