import { ApiError, endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { createCustomer, customerNameInUse, listCustomers, updateCustomer } from './customers.service.ts';

const tags = ['Customers'];

const SAVE_RULES =
  'Super admins only (project managers see the Customers page but do not save). company_name is trimmed, ' +
  "2–50 characters ('Company name is required', 'Minimum character is 2', 'Maximum character is 100.') and " +
  "unique in any case ('This company name is already registered.', 409 customer_name_taken, also when two " +
  'saves race). POC fields are optional. status 1 active, 0 inactive: inactive sets deleted_date to the ' +
  "current time; the company's users can no longer log in, their sessions end at once, and the company " +
  'leaves the project form’s choices; its projects and data stay. inspection_fields: a list of text chips ' +
  '(trimmed, duplicates in any case dropped, at most 50 of at most 50 characters). deleted_date in the ' +
  'payload is ignored.';

export async function customersRoutes(app: App): Promise<void> {
  const db = app.deps.database.db;
  const api = endpoints.customers;

  app.route({
    ...endpointRoute(api.list, {
      tags,
      summary: 'Customer companies, by name',
      description:
        'Every company except the operating company (id 1), sorted by company_name (case-insensitive). ' +
        'Without include_inactive: only active ones (deleted_date null), for any staff member — the Customer ' +
        'picker of the project dialog. With include_inactive=true: inactive ones too, each with last_login ' +
        '(the latest login of its users) — the Customers page, for super admins and project managers (403 ' +
        'for other staff). Customers reach none of it.',
      errors: { 403: ApiError },
    }),
    config: { access: 'customer.list' },
    handler: (req) => listCustomers(db, actorOf(req), req.query.include_inactive === 'true'),
  });

  app.route({
    ...endpointRoute(api.nameInUse, {
      tags,
      summary: 'Whether a company name is already registered',
      description:
        'true when a company has this name, compared case-insensitively with surrounding spaces ignored; ' +
        'with ?id= that company itself does not count (editing). Super admins and project managers.',
    }),
    config: { access: 'customer.admin_list' },
    handler: (req) => customerNameInUse(db, actorOf(req), req.params.name, req.query.id),
  });

  app.route({
    ...endpointRoute(api.create, {
      tags,
      summary: 'Create a customer company',
      description: `${SAVE_RULES} With lead_id the lead is marked converted in the same transaction (409 lead_converted when it already was, 404 when it does not exist).`,
      errors: { 400: ApiError, 404: ApiError, 409: ApiError },
    }),
    config: { access: 'customer.save' },
    handler: (req) => createCustomer(app.deps, actorOf(req), req.body),
  });

  app.route({
    ...endpointRoute(api.update, {
      tags,
      summary: 'Save a customer company',
      description: `${SAVE_RULES} 404 for an id that is not a customer company (the operating company is not one).`,
      errors: { 400: ApiError, 404: ApiError, 409: ApiError },
    }),
    config: { access: 'customer.save' },
    handler: (req) => updateCustomer(app.deps, actorOf(req), req.body),
  });
}
