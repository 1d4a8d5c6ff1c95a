import { ApiError, endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf, callerOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { sweepPeriodically } from '../../platform/http/rateLimiter.ts';
import { createLeadLimiter, leadFormToken, leadList, submitLead } from './leads.service.ts';

const tags = ['Leads'];

export async function leadsRoutes(app: App): Promise<void> {
  const db = app.deps.database.db;
  const limiter = createLeadLimiter(db);
  const stopSweeping = sweepPeriodically([limiter]);
  app.addHook('onClose', async () => stopSweeping());

  app.route({
    ...endpointRoute(endpoints.leads.formToken, {
      tags,
      summary: "A token for the public 'Request an inspection' form",
      description:
        'Anyone. Signed by the server and carrying the time the form was shown; POST /leads/ refuses it ' +
        'sooner than 3 seconds later or after a day. Nothing is stored.',
    }),
    config: { access: 'public' },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { token: leadFormToken(app.deps.config.jwtSecret, app.deps.now().getTime()) };
    },
  });

  app.route({
    ...endpointRoute(endpoints.leads.submit, {
      tags,
      summary: "Request an inspection (the public form's lead)",
      description:
        'Anyone, without logging in. first_name, last_name, company_name and email are required; phone and ' +
        'message optional. Refused with nothing stored (400 lead_refused): the hidden field `website` filled, ' +
        'a form token that is not genuine, sent within 3 s of the form being shown, or older than a day. At ' +
        'most 10 leads an hour from one address (429 with Retry-After). Super admins read the leads.',
      errors: { 400: ApiError, 429: ApiError },
    }),
    config: { access: 'public' },
    handler: (req) => submitLead(app.deps, limiter, callerOf(req), req.body),
  });

  app.route({
    ...endpointRoute(endpoints.leads.list, {
      tags,
      summary: 'Leads from the public form, newest first',
      description:
        'Super admins only. A lead turned into a customer (POST /customers/ with lead_id) names that customer.',
    }),
    config: { access: 'lead.read' },
    handler: (req) => leadList(db, actorOf(req)),
  });
}
