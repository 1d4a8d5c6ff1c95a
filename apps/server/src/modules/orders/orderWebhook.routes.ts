import { endpoints, ORDER_WEBHOOK_SIGNATURE_HEADER } from '@linewalker/domain';
import type { FastifyRequest } from 'fastify';
import { badRequest, unauthorized } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.types.ts';
import { callerOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import * as service from './orders.service.ts';
import { isValidOrderWebhookSignature } from './webhookSignature.ts';

const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** The raw body each webhook request was signed over, and whether it was JSON at all. */
const received = new WeakMap<FastifyRequest, { raw: string; json: boolean }>();

/**
 * The carriers' and manufacturers' status webhook. Its own plugin: the JSON parser here keeps the raw body,
 * which the signature is checked against before the body is validated or anything is read or written.
 */
export async function orderWebhookRoutes(app: App): Promise<void> {
  const api = endpoints.orderWebhook;
  const db = app.deps.database.db;
  const secret = app.deps.config.orderWebhookSecret;

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
    (req, body, done) => {
      const raw = String(body);
      try {
        const parsed: unknown = JSON.parse(raw);
        received.set(req, { raw, json: true });
        done(null, parsed);
      } catch {
        received.set(req, { raw, json: false });
        done(null, undefined);
      }
    },
  );

  app.route({
    ...endpointRoute(api.webhook, {
      tags: ['Orders'],
      summary: 'Order status webhook (carriers and manufacturers)',
      description:
        'Public route for carriers and manufacturers, signed with the shared secret ORDER_WEBHOOK_SECRET: ' +
        `header ${ORDER_WEBHOOK_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw request body>. A missing ` +
        'or wrong signature (or no secret configured) 401 with nothing read or written. Body (JSON, at most ' +
        '64 KB): update_id (the sender’s unique id of this update, 1–100 characters), order_id, ' +
        'pole_order_status_id 1–5, status_address, lat and lng (both or neither), occurred_at (ISO 8601; ' +
        'default now; at most 5 minutes ahead). Replay-safe: an update_id received before answers 200 ' +
        'stored: false and changes nothing. An order that does not exist 404.',
    }),
    bodyLimit: WEBHOOK_BODY_LIMIT,
    preValidation: async (req) => {
      const body = received.get(req);
      if (
        !isValidOrderWebhookSignature(secret, body?.raw ?? '', req.headers[ORDER_WEBHOOK_SIGNATURE_HEADER])
      ) {
        req.log.warn({ configured: Boolean(secret) }, 'order webhook: bad or missing signature');
        throw unauthorized('Missing or invalid signature');
      }
      if (body && !body.json) throw badRequest('The body is not valid JSON');
    },
    config: { access: 'public' },
    handler: (req) => service.applyWebhookUpdate(db, callerOf(req), req.body, new Date()),
  });
}
