import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod';
import type { ApiError, ErrorCode, ValidationIssue } from '@linewalker/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/pgErrors.ts';
import { AppError, serviceUnavailable } from '../errors.ts';
import { BODY_REQUIRED_MESSAGE } from './bodyValidator.ts';
import { plainValidationMessage } from './plainValidationMessage.ts';

/** How long a client is asked to wait while the database cannot be reached (it reconnects by itself). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own 4xx errors (bad JSON, too large a body…) mapped onto the catalogue's codes. */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  return 'bad_request';
}

function send(req: FastifyRequest, reply: FastifyReply, status: number, body: Omit<ApiError, 'requestId'>) {
  // Error bodies have one shape everywhere; do not run them through the route's success serializer.
  reply.serializer(JSON.stringify);
  return reply.status(status).send({ ...body, requestId: req.id });
}

/**
 * One place that turns errors into `{code, message, issues?, requestId}` answers. A 5xx never carries a
 * stack or SQL: the details go to the log line, which carries the same request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  app.setErrorHandler((thrown: FastifyError | AppError, req, reply) => {
    let err = thrown;
    if (!(err instanceof AppError) && (err.statusCode ?? 500) >= 500 && isDatabaseUnavailable(err)) {
      // An outage or restart of PostgreSQL, not a bug: the pool reconnects on its own once it is back.
      req.log.warn({ err }, 'database unavailable');
      err = serviceUnavailable(DATABASE_RETRY_AFTER_SECONDS);
    }
    if (err instanceof AppError) {
      const { retryAfterSeconds, ...extra } = err.extra ?? {};
      if (typeof retryAfterSeconds === 'number') reply.header('retry-after', String(retryAfterSeconds));
      return send(req, reply, err.statusCode, { code: err.code, message: err.message, ...extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues: ValidationIssue[] = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: plainValidationMessage(v.message ?? 'Invalid value'),
      }));
      return send(req, reply, 400, {
        code: 'validation_failed',
        message: issues.map((i) => `${i.path}: ${i.message}`).join('; '),
        issues,
      });
    }
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      // Content-Type JSON with no body at all: the same answer as a missing or null body (bodyValidator).
      return send(req, reply, 400, {
        code: 'validation_failed',
        message: `body: ${BODY_REQUIRED_MESSAGE}`,
        issues: [{ path: 'body', message: BODY_REQUIRED_MESSAGE }],
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      // drizzle wraps the database's own error (the one that says what went wrong) as `cause`.
      req.log.error({ err, cause: (err as { cause?: unknown }).cause }, 'request failed');
      return send(req, reply, 500, { code: 'internal_error', message: 'Something went wrong' });
    }
    return send(req, reply, status, { code: codeForStatus(status), message: err.message });
  });

  app.setNotFoundHandler((req, reply) =>
    send(req, reply, 404, {
      code: 'not_found',
      message: `Route ${req.method} ${req.url.split('?')[0]} not found`,
    }),
  );
}
