import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Deps } from '../deps.types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

/**
 * The Fastify instance every module's routes are registered on (zod type provider, `app.deps`). Types only:
 * modules name it here instead of importing the composition root (`app.ts`), which imports them.
 */
export type App = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
