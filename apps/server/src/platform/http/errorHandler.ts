import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/pgErrors.ts';
import { AppError } from '../errors.ts';
import { BODY_REQUIRED_MESSAGE } from './bodyValidator.ts';

/** How long a client is asked to wait while the database cannot be reached (it reconnects by itself). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** One place that turns errors into `{code, message}` answers and hides internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    // Error bodies have one shape everywhere; do not run them through the route's success serializer.
    reply.serializer(JSON.stringify);
    if (err instanceof AppError) {
      if (err.statusCode === 429 && typeof err.extra?.retryAfterSeconds === 'number') {
        reply.header('retry-after', String(err.extra.retryAfterSeconds));
      }
      const { retryAfterSeconds: _, ...extra } = err.extra ?? {};
      return reply.status(err.statusCode).send({ code: err.code, message: err.message, ...extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({
        code: 'validation_failed',
        message: issues.map((i) => `${i.path}: ${i.message}`).join('; '),
        issues,
      });
    }
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      const message = err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? BODY_REQUIRED_MESSAGE : 'Not valid JSON.';
      return reply.status(400).send({
        code: 'validation_failed',
        message: `body: ${message}`,
        issues: [{ path: 'body', message }],
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500 && isDatabaseUnavailable(err)) {
      // An outage or restart of PostgreSQL, not a bug: the pool reconnects on its own once it is back.
      req.log.warn({ err }, 'database unavailable');
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({
        code: 'service_unavailable',
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
      });
    }
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.status(500).send({ code: 'internal_error', message: 'Something went wrong' });
    }
    return reply
      .status(status)
      .send({ code: err.code?.toLowerCase() ?? 'bad_request', message: err.message });
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send({ code: 'not_found', message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
  });
}
