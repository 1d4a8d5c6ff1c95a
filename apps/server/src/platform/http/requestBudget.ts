import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** Seconds a client is asked to wait after a request ran out of its budget. */
const RETRY_AFTER_SECONDS = 5;

/**
 * A time budget per API request: one not answered within `budgetMs` is answered 503 (`service_unavailable`,
 * Retry-After) instead of leaving the client waiting on a database or disk that does not answer; what the
 * handler does afterwards is not sent. Bodies streamed to or from storage (`/api/v1/files/…`, whose
 * duration is the client's bandwidth) and WebSocket connections are left out. A request whose client went
 * away first is not answered or logged: Fastify neither sends to a closed connection nor runs `onResponse`
 * for it, so the timer ends with the connection ('close' comes after a finished answer and after an abort).
 */
export function registerRequestBudget(app: FastifyInstance, budgetMs: number): void {
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/v1/files/') || req.ws) return;
    const timer = setTimeout(() => {
      // A streamed answer already under way (a whole list) is not cut: its chunks have their own timeouts.
      if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return;
      req.log.warn(
        { budgetMs, method: req.method, route: req.routeOptions.url ?? null },
        'request out of time budget',
      );
      const err = new AppError(
        'service_unavailable',
        'The request took too long (the service is briefly unavailable). Try again in a moment.',
        { retryAfterSeconds: RETRY_AFTER_SECONDS },
      );
      reply
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .status(err.statusCode)
        .serializer(JSON.stringify)
        .send({ code: err.code, message: err.message, requestId: req.id });
    }, budgetMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
  });
}
